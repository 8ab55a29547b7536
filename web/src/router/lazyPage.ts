/**
 * Route chunks load lazily; a chunk that has not arrived after 120 s fails with ChunkLoadError
 * (spec/1-product-frame.md §9) so the error page can offer a reload instead of a spinner forever.
 * The shells show their page loader while a chunk is on its way (`pendingPages`); the chunks of
 * the address the app opens on are asked for at start (`preloadMatchedPages` in routes.tsx), in
 * step with the session check, not after it.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { TIMING } from "../../../common/constants.ts";
import { createStore } from "../ui/createStore.ts";

export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
}

type PageModule = { default: ComponentType };

export interface LazyPage extends LazyExoticComponent<ComponentType> {
  /** Starts the chunk's load (once); rendering the page waits for the same load. */
  preload(): Promise<PageModule>;
}

/** How many page chunks are on their way. */
export const pendingPages = createStore(0);

function withTimeout(load: () => Promise<PageModule>): Promise<PageModule> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError("Loading a page chunk timed out")), TIMING.lazyChunkTimeoutMs);
  });
  // React calls a lazy component's loader while rendering; the loader's store moves a tick later.
  queueMicrotask(() => pendingPages.set(pendingPages.get() + 1));
  return Promise.race([load(), timeout]).finally(() => {
    clearTimeout(timer);
    queueMicrotask(() => pendingPages.set(pendingPages.get() - 1));
  });
}

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let pending: Promise<PageModule> | null = null;
  const preload = () => {
    pending ??= withTimeout(load).catch((error: unknown) => {
      // A failed preload is not kept: the page's render asks again, and shows the error.
      pending = null;
      throw error;
    });
    return pending;
  };
  return Object.assign(
    lazy(() => preload()),
    { preload },
  );
}
