import type { Page } from '@playwright/test';

/**
 * Waits until the page's finite animations and CSS transitions have ended (a dropped grid panel gliding to its place,
 * a toast fading in). Spinners and other endless animations are left running. Gives up quietly after `timeout`: the
 * check that follows then fails with its own, clearer message.
 */
export async function animationsDone(page: Page, timeout = 5_000): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout },
    )
    .catch(() => undefined);
}
