/** The page's live connection, as the tests wait for it. */
import type { Page } from "@playwright/test";

/**
 * Settles once the page's socket.io connection has received its first frame: from then on the
 * server sends this page what concerns it. Start waiting before the navigation that opens it.
 */
export async function liveSocket(page: Page): Promise<void> {
  const socket = await page.waitForEvent("websocket", {
    predicate: (ws) => ws.url().includes("/socket.io/"),
    timeout: 60_000,
  });
  await socket.waitForEvent("framereceived", { timeout: 30_000 });
}
