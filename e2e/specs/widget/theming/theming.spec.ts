import { type Locator, expect, test } from '@playwright/test';
import { FAKE_API, HOST_ORIGIN, routeFakeApi } from '../support/fake-api';
import { themedParts, widgetHost } from '../../../selectors';

type Gleap = {
  showNotification(data: unknown): void;
  showBanner(data: unknown): void;
  startProductTourWithConfig(id: string, config: unknown): void;
};

const style = (locator: Locator, property: string) =>
  locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

test('the host stylesheet themes every surface through custom properties and ::part(), without !important', async ({
  page,
}) => {
  // the server config says blue; the host's theme.css says otherwise and wins
  await routeFakeApi(page, { flowConfig: { buttonColor: '#485BFF', color: '#485BFF', borderRadius: 20 } });
  await page.route(`${FAKE_API}/outbound/producttourvalidation`, (route) =>
    route.request().method() === 'OPTIONS'
      ? route.fallback()
      : route.fulfill({
          headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'live' }),
        }),
  );
  await page.goto(`${HOST_ORIGIN}/theming/`);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);

  // the launcher: colours from the custom properties, shape from ::part(button)
  const button = themedParts.button(page);
  await expect(widgetHost.launcher(page)).toBeVisible();
  expect(await style(button, 'background-color')).toBe('rgb(200, 30, 60)');
  expect(await style(button, 'color')).toBe('rgb(255, 255, 0)');
  expect(await style(button, 'border-radius')).toBe('6px');
  expect(await style(button, 'font-family')).toBe('Georgia, serif');

  // the frame container: radius and background from the custom properties, shadow from ::part(frame)
  await widgetHost.launcher(page).click();
  const frame = themedParts.frame(page);
  await expect(frame).toHaveCount(1);
  expect(await style(frame, 'border-top-left-radius')).toBe('4px');
  expect(await style(frame, 'background-color')).toBe('rgb(250, 240, 230)');
  expect(await style(frame, 'box-shadow')).toBe('none');
  await widgetHost.launcher(page).click();

  // a notification
  await page.evaluate(() =>
    (window as unknown as { Gleap: Gleap }).Gleap.showNotification({
      outbound: 'n-theme',
      createdAt: new Date().toISOString(),
      data: { text: 'A themed message', sender: { name: 'Maya' } },
    }),
  );
  const notification = themedParts.notification(page);
  await expect(notification).toBeVisible();
  expect(await style(notification, 'background-color')).toBe('rgb(250, 240, 230)');
  expect(await style(notification, 'border-top-left-radius')).toBe('0px');

  // a tour popover
  await page.evaluate(() =>
    (window as unknown as { Gleap: Gleap }).Gleap.startProductTourWithConfig('t-theme', {
      steps: [{ selector: '#title', title: 'Themed', message: 'A themed tour' }],
    }),
  );
  const popover = themedParts.popover(page);
  await expect(popover).toBeVisible();
  expect(await style(popover, 'background-color')).toBe('rgb(250, 240, 230)');
  expect(await style(popover, 'border-top-left-radius')).toBe('0px');
  expect(await style(popover, 'font-family')).toBe('Georgia, serif');

  // the banner
  await page.evaluate(() => (window as unknown as { Gleap: Gleap }).Gleap.showBanner({ format: 'floating' }));
  const banner = themedParts.banner(page);
  await expect(banner).toHaveCount(1);
  expect(await style(banner, 'z-index')).toBe('7');
});
