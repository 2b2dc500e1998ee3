import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axeCore, { type AxeResults, type RunOptions } from 'axe-core';
import { animationsDone } from './motion';

/** WCAG 2.2 A and AA as axe-core tags them (issue 24). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface AxeScope {
  /** Selectors to check; the whole page when empty. */
  include?: readonly string[];
  exclude?: readonly string[];
  /** Rules to turn on or off beyond the WCAG tags. */
  rules?: Record<string, { enabled: boolean }>;
  /** Whether frames are checked too (axe's default: yes). */
  iframes?: boolean;
  /** Prefixed to each line, to tell the pages of one walk apart. */
  where?: string;
}

/**
 * Lets motion come to rest before a scan. A toast or dialog caught half-way through its fade has a contrast that is
 * nobody's real contrast (axe blends the opacity in), so the check asks the page for reduced motion (sonner and the
 * widget drop their transitions then) and waits for the finite animations still running to end. Spinners and other
 * endless animations are left running.
 */
export async function settleMotion(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await animationsDone(page);
}

/**
 * One line per node of each serious or critical WCAG violation in the scope; empty when the page passes.
 *
 * A page with no frame besides its own is scanned with one `axe.run` in the page, with axe-core put into the document
 * once and reused by the document's later scans. AxeBuilder's default (`runPartial` + `finishRun`) opens a blank page
 * and injects axe-core there too for every scan, and its legacy mode evaluates the 550 kB source twice a scan; the
 * rules and the checked DOM are the same. A page with any iframe is scanned AxeBuilder's default way (every frame).
 */
export async function seriousViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  await settleMotion(page);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    // Only violations are read. Every rule still runs on every node; axe then keeps one node of each passed,
    // incomplete and inapplicable rule instead of building a selector and an HTML snippet for every passing node.
    resultTypes: ['violations'],
    ...(scope.rules ? { rules: scope.rules } : {}),
    ...(scope.iframes === undefined ? {} : { iframes: scope.iframes }),
  };
  const result =
    page.frames().length === 1
      ? await runInPage(page, options, scope.include ?? [], scope.exclude ?? [])
      : await runWithBuilder(page, options, scope.include ?? [], scope.exclude ?? []);
  const prefix = scope.where ? `${scope.where}: ` : '';
  return result.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${prefix}${v.id} (${v.impact}) ${n.target.join(' ')} :: ${n.failureSummary?.split('\n')[1] ?? ''}`,
      ),
    );
}

/** AxeBuilder's default run: `runPartial` in every frame, `finishRun` in a blank page. */
async function runWithBuilder(
  page: Page,
  options: RunOptions,
  include: readonly string[],
  exclude: readonly string[],
): Promise<AxeResults> {
  let builder = new AxeBuilder({ page }).options(options);
  for (const selector of include) builder = builder.include(selector);
  for (const selector of exclude) builder = builder.exclude(selector);
  return builder.analyze();
}

/**
 * One `axe.run` in the page, as AxeBuilder's legacy mode runs it (the same configuration and context), with axe-core
 * put into the document only when it is not there yet.
 */
async function runInPage(
  page: Page,
  options: RunOptions,
  include: readonly string[],
  exclude: readonly string[],
): Promise<Pick<AxeResults, 'violations'>> {
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) {
    await page.evaluate(axeCore.source);
    await page.evaluate(() =>
      (window as unknown as { axe: typeof axeCore }).axe.configure({
        allowedOrigins: ['<same_origin>'],
        branding: { application: 'playwright' },
      }),
    );
  }
  // As AxeBuilder's context: no `include` means the whole document.
  const context = { include: [...include], exclude: [...exclude] };
  // Only the violations leave the page: the rest of the results is never read, and Playwright serialises what an
  // evaluation returns in the page, node by node.
  return page.evaluate(
    async ({ context, options }) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown }> } })
        .axe;
      return { violations: (await axe.run(context, options)).violations };
    },
    { context, options: options as Record<string, unknown> },
  ) as Promise<Pick<AxeResults, 'violations'>>;
}
