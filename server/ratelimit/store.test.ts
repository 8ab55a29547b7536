/** The rate-limit store on memory and on Redis: reservations hold at any concurrency. */
import { afterEach, describe, expect, it } from "vitest";
import { createLimitStore, LIMIT_STORES } from "../test/engines.ts";
import type { RateLimitStore } from "./store.ts";

describe.each(LIMIT_STORES)("rate-limit store (%s)", (kind) => {
  let clock = 1_000_000_000_000;
  let store: RateLimitStore;
  const open = () => {
    store = createLimitStore(kind, () => clock);
    return store;
  };
  afterEach(async () => {
    await store?.close();
  });

  it("lets through exactly max reservations of 500 parallel ones", async () => {
    open();
    const rule = { max: 10, windowSeconds: 60 };
    const decisions = await Promise.all(Array.from({ length: 500 }, () => store.consume("k", rule)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect((await store.peek("k", rule)).count).toBe(10);
    const refused = decisions.find((d) => !d.allowed);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("counts costs, keeps refused ones out, and starts again in the next window", async () => {
    open();
    const rule = { max: 100, windowSeconds: 60 };
    expect((await store.consume("bytes", rule, 60)).allowed).toBe(true);
    expect((await store.consume("bytes", rule, 50)).allowed).toBe(false);
    expect((await store.consume("bytes", rule, 40)).allowed).toBe(true);
    expect((await store.peek("bytes", rule)).count).toBe(100);
    clock += 60_000;
    expect((await store.peek("bytes", rule)).count).toBe(0);
    expect((await store.consume("bytes", rule, 100)).allowed).toBe(true);
  });

  it("gives back released units, never below zero, and forgets a reset key", async () => {
    open();
    const rule = { max: 3, windowSeconds: 60 };
    const { window } = await store.consume("a", rule, 3);
    await store.release("a", rule, 2, window);
    expect((await store.peek("a", rule)).count).toBe(1);
    await store.release("a", rule, 5, window);
    expect((await store.peek("a", rule)).count).toBe(0);
    await store.consume("a", rule, 2);
    await store.reset("a", rule);
    expect((await store.peek("a", rule)).count).toBe(0);
    expect((await store.peek("other", rule)).count).toBe(0);
  });

  it("never gives back into a later window what an ended window reserved", async () => {
    open();
    const rule = { max: 200, windowSeconds: 60 };
    clock = Math.ceil(clock / 60_000) * 60_000 + 59_000; // one second before a window ends
    const early = await store.consume("budget", rule, 200);
    clock += 2_000;
    const late = await store.consume("budget", rule, 200);
    expect(late.allowed).toBe(true);
    expect(late.window).toBe(early.window + 1);
    await store.release("budget", rule, 200, early.window);
    expect((await store.peek("budget", rule)).count).toBe(200);
    expect((await store.consume("budget", rule, 200)).allowed).toBe(false);
  });

  it("hands out at most max slots at once, and lapsed leases free theirs", async () => {
    open();
    const taken = await Promise.all(Array.from({ length: 30 }, (_, i) => store.acquireSlot("u1", `s${i}`, 20, 30)));
    expect(taken.filter(Boolean)).toHaveLength(20);
    // A holder that has a slot keeps it when it asks again.
    expect(await store.acquireSlot("u1", "s0", 20, 30)).toBe(true);
    await store.releaseSlot("u1", "s0");
    expect(await store.acquireSlot("u1", "new", 20, 30)).toBe(true);
    expect(await store.acquireSlot("u1", "newer", 20, 30)).toBe(false);
    // Renewed leases outlive the others.
    clock += 20_000;
    await store.renewSlots("u1", ["new"], 30);
    clock += 15_000;
    expect(await store.acquireSlot("u1", "after", 2, 30)).toBe(true);
    expect(await store.acquireSlot("u1", "after2", 2, 30)).toBe(false);
  });
});
