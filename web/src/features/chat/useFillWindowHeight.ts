/**
 * The height that lets an element end just above the window's bottom edge (the reply box
 * is in view when a ticket opens, and the page does not grow with the chat). Measured from the
 * element's place in the page, again when the window or anything above it changes size.
 */
import { type RefObject, useLayoutEffect, useState } from "react";

export function useFillWindowHeight(
  ref: RefObject<HTMLElement | null>,
  enabled: boolean,
  { least, gap }: { least: number; gap: number },
): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    if (!enabled) return;
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(least, Math.floor(window.innerHeight - top - gap)));
    };
    measure();
    window.addEventListener("resize", measure);
    // A banner or a late block above moves the element: the body's size changes with it.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => {
      window.removeEventListener("resize", measure);
      observer.disconnect();
    };
  }, [enabled, ref, least, gap]);
  return enabled ? height : undefined;
}
