/**
 * Route chunks load lazily; a chunk that has not arrived after 120 s fails with ChunkLoadError
 * (spec/1-product-frame.md §9) so the error page can offer a reload instead of a spinner forever.
 */
import type { ComponentType } from "react";
import { TIMING } from "../../../common/constants.ts";

export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
}

type PageModule = { default: ComponentType };

export function lazyPage(load: () => Promise<PageModule>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError("Loading a page chunk timed out")), TIMING.lazyChunkTimeoutMs);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: module.default };
    } finally {
      clearTimeout(timer);
    }
  };
}
