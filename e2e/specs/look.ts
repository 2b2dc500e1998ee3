import type { Locator, Page } from '@playwright/test';

type Shootable = Page | Locator;
type ShotOptions = NonNullable<Parameters<Page['screenshot']>[0]>;

/**
 * A screenshot for a person to look at, taken only when `E2E_SHOTS` is set (e.g. `E2E_SHOTS=1 pnpm exec playwright test
 * specs/portal/tickets.spec.ts`). Nothing asserts these pictures, so a normal run skips them; a failing test still gets
 * Playwright's own screenshot (`screenshot: 'only-on-failure'`). A screenshot that a test compares pixels of is taken
 * with `screenshot()` itself, never through this.
 */
export async function lookAt(target: Shootable, options: ShotOptions): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  await (target as Page).screenshot(options);
}
