/** Waiting for what is drawn to hold still before a check measures it. */
import type { Page } from "@playwright/test";

/**
 * Settles once two frames have passed and no finite animation or transition is running (Mantine's
 * fades, the announcement panel's): the colours axe measures are then the final ones. Endless
 * animations (loaders) are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve(
              document
                .getAnimations()
                .every(
                  (animation) =>
                    animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity,
                ),
            ),
          ),
        ),
      ),
  );
}
