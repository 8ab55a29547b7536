/** Runs `work` for 0..count-1 with at most `limit` under way at once. */
export async function inParallel(count: number, limit: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) await work(next++);
    }),
  );
}
