import { expect, test } from '@playwright/test';
import { HOST_ORIGIN, routeFakeApi } from '../support/fake-api';
import { selectors } from '../support/selectors';

test('under a strict CSP the launcher is styled and nothing is blocked', async ({ page }) => {
  await routeFakeApi(page, { flowConfig: { buttonColor: '#0a7d5a' } });
  await page.goto(`${HOST_ORIGIN}/strict-csp/`);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  const launcher = selectors.launcher(page);
  await expect(launcher).toBeVisible();
  await expect(launcher).toHaveCSS('position', 'fixed');
  await expect(launcher).toHaveCSS('background-color', 'rgb(10, 125, 90)');
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
