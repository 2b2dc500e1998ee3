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
  await expect.poll(() => style(button, 'background-color')).toBe('rgb(200, 30, 60)');
  await expect.poll(() => style(button, 'color')).toBe('rgb(255, 255, 0)');
  await expect.poll(() => style(button, 'border-radius')).toBe('6px');
  await expect.poll(() => style(button, 'font-family')).toBe('Georgia, serif');

  // the frame container: radius and background from the custom properties, shadow from ::part(frame); computed styles
  // are polled, since the frame container animates in when it opens
  await widgetHost.launcher(page).click();
  const frame = themedParts.frame(page);
  await expect(frame).toHaveCount(1);
  await expect.poll(() => style(frame, 'border-top-left-radius')).toBe('4px');
  await expect.poll(() => style(frame, 'background-color')).toBe('rgb(250, 240, 230)');
  await expect.poll(() => style(frame, 'box-shadow')).toBe('none');
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
  await expect.poll(() => style(notification, 'background-color')).toBe('rgb(250, 240, 230)');
  await expect.poll(() => style(notification, 'border-top-left-radius')).toBe('0px');

  // a tour popover
  await page.evaluate(() =>
    (window as unknown as { Gleap: Gleap }).Gleap.startProductTourWithConfig('t-theme', {
      steps: [{ selector: '#title', title: 'Themed', message: 'A themed tour' }],
    }),
  );
  const popover = themedParts.popover(page);
  await expect(popover).toBeVisible();
  await expect.poll(() => style(popover, 'background-color')).toBe('rgb(250, 240, 230)');
  await expect.poll(() => style(popover, 'border-top-left-radius')).toBe('0px');
  await expect.poll(() => style(popover, 'font-family')).toBe('Georgia, serif');

  // the banner
  await page.evaluate(() => (window as unknown as { Gleap: Gleap }).Gleap.showBanner({ format: 'floating' }));
  const banner = themedParts.banner(page);
  await expect(banner).toHaveCount(1);
  await expect.poll(() => style(banner, 'z-index')).toBe('7');
});
