/**
 * Parts that the first render does not draw (the header's menus and tooltips, the notifications
 * host, the modals provider, the error dialog) load after it: on the first idle moment once a
 * shell is on screen, or at once when something needs them earlier (a click, a toast, an error).
 * The member area's first render must stay within 150 kB of compressed JS.
 * A failed load is logged and tried again on the next need; the page itself keeps working.
 */
import { useEffect } from "react";
import { createStore, useStore } from "./createStore.ts";

export interface DeferredModule<M> {
  /** Starts the load (once) and resolves with the module. */
  load(): Promise<M>;
  /** The module once loaded, else null (re-renders when it arrives). */
  use(): M | null;
}

export function deferredModule<M>(importer: () => Promise<M>): DeferredModule<M> {
  const store = createStore<M | null>(null);
  let pending: Promise<M> | null = null;
  function load(): Promise<M> {
    pending ??= importer().then(
      (module) => {
        store.set(module);
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  }
  return { load, use: () => useStore(store) };
}

const idleLoads: Array<() => Promise<unknown>> = [];

/** Registers a deferred part to load on the first idle moment after the first render. */
export function loadWhenIdle(part: DeferredModule<unknown>): void {
  idleLoads.push(() => part.load());
}

function loadAll(): void {
  for (const load of idleLoads) load().catch((error: unknown) => console.error(error));
}

let markIdle: () => void = () => undefined;

/**
 * Settles on the first idle moment after a shell is on screen (or after 5 s, for a page without
 * one): what no page needs to draw (the realtime socket's client) waits for it.
 */
export const firstRenderIdle = new Promise<void>((resolve) => {
  markIdle = resolve;
  setTimeout(resolve, 5000);
});

let scheduled = false;

/**
 * Called by the shells, which mount in one commit with their first page: once that frame is
 * painted, the deferred parts load when the browser is idle. An idle moment before the paint
 * (the browser waiting on the network) would set them against the page's own files.
 */
export function useLoadDeferredWhenIdle(): void {
  useEffect(() => {
    if (scheduled) return;
    scheduled = true;
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      markIdle();
      loadAll();
    };
    // A hidden tab draws no frame: the timer stands in for the paint there.
    setTimeout(run, 5000);
    requestAnimationFrame(() => {
      if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: 2000 });
      else setTimeout(run, 200);
    });
  }, []);
}
