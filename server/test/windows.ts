/**
 * Runs a test of a fixed-window limit until one run falls within one window: a run that a window's
 * end cuts in two sees two windows' allowance, on one node as on two. Each run must use new
 * addresses and accounts, so that a run tried again starts clean.
 */
export async function inOneWindow(windowSeconds: number, run: () => Promise<void>): Promise<void> {
  const windowOf = () => Math.floor(Date.now() / (windowSeconds * 1000));
  for (let tries = 1; ; tries++) {
    const window = windowOf();
    try {
      await run();
      return;
    } catch (error) {
      if (windowOf() === window || tries >= 3) throw error;
    }
  }
}
