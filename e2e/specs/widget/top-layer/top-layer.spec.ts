import { type Page, type WebSocketRoute, expect, test } from '@playwright/test';
import { FAKE_API, HOST_ORIGIN, routeFakeApi } from '../support/fake-api';
import { engagementSurfaces, messengerForm, topLayer, ui, widgetHost } from '../../../selectors';
import { lookAt } from '../../look';

// Issue 36 item 10: a host page's modal <dialog> (showModal) is in the browser's top layer and makes everything outside
// it inert. The widget's button, messenger, notifications and tours must still show above it and work, and never take
// the dialog's focus on their own.

test.describe.configure({ timeout: 90_000 });

const NEWS = {
  actionType: 'notification',
  outbound: 'n-1',
  createdAt: new Date().toISOString(),
  data: { text: 'Live map for 10,000 vehicles', news: { id: 'n-2' }, previewText: 'The map now clusters.' },
};

type Win = { tourEvents: [string, string][]; Gleap: { startProductTourWithConfig(id: string, c: unknown): void } };

async function openWithDialog(page: Page) {
  const api = await routeFakeApi(page);
  const socket: { ws?: WebSocketRoute } = {};
  await page.routeWebSocket(/ws\.voltline\.test/, (ws) => {
    socket.ws = ws;
  });
  await page.goto(`${HOST_ORIGIN}${topLayer.page}`);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  await expect(widgetHost.launcher(page)).toBeVisible();
  await page.getByRole(...topLayer.editSettings).click();
  const dialog = page.getByRole(...topLayer.dialog);
  await expect(dialog).toBeVisible();
  // showModal focuses the dialog's first control
  await expect(page.getByRole(...topLayer.fleetName)).toBeFocused();
  return { api, socket, dialog };
}

/** A click at the middle of `target` lands on it (or inside it), not on the dialog's backdrop. */
async function expectOnTop(target: ReturnType<Page['locator']>) {
  await expect
    .poll(() =>
      target.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const root = el.getRootNode() as Document | ShadowRoot;
        const hit = root.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !!hit && el.contains(hit);
      }),
    )
    .toBe(true);
}

test('a host page with a modal dialog open can still send a bug report through the widget', async ({ page }) => {
  const { api, dialog } = await openWithDialog(page);
  const launcher = widgetHost.launcher(page);
  await expectOnTop(launcher);
  // the widget showing above the dialog took nothing from it
  await expect(page.getByRole(...topLayer.fleetName)).toBeFocused();
  await lookAt(page, { path: '/tmp/top-layer-shots/dialog-button.png' });
  await launcher.click();
  const frame = widgetHost.frame(page);
  await frame.getByRole(...ui.buttonNamed(messengerForm.reportBug)).click();
  await frame.getByLabel(messengerForm.description).fill('Saving the settings does nothing');
  await frame.getByLabel(messengerForm.email).fill('ada@example.com');
  await lookAt(page, { path: '/tmp/top-layer-shots/dialog-messenger.png' });
  await frame.getByRole(...ui.buttonNamed(messengerForm.send)).click();
  await expect(frame.getByRole(...ui.headingNamed(messengerForm.thanks))).toBeVisible();
  await expect.poll(() => api.bugReports().length).toBe(1);
  expect(api.bugReports()[0]).toMatchObject({
    type: 'BUG',
    formData: { description: 'Saving the settings does nothing' },
  });
  // the dialog is still open, and gets focus back when the messenger closes
  await page.keyboard.press('Escape');
  await expect(page.locator(topLayer.widgetHosts).first()).toBeAttached();
  await expect(dialog).toBeVisible();
  await expect(widgetHost.launcher(page)).toBeFocused();
  // the dialog closes: the widget goes back to the page and still works
  await page.getByRole(...topLayer.closeDialog).click();
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeVisible();
  await expectOnTop(launcher);
});

test('notifications and a tour show above a modal dialog and work, without taking its focus', async ({ page }) => {
  const { socket } = await openWithDialog(page);
  await page.route(`${FAKE_API}/outbound/producttourvalidation`, (route) =>
    route.request().method() === 'OPTIONS'
      ? route.fallback()
      : route.fulfill({
          headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'live' }),
        }),
  );
  await expect.poll(() => !!socket.ws).toBe(true);
  socket.ws!.send(JSON.stringify({ name: 'update', data: { a: [NEWS], u: 1 } }));
  const stack = widgetHost.notifications(page);
  await expect(stack.getByRole(...engagementSurfaces.liveMapFor10000)).toBeVisible();
  await expect(page.getByRole(...topLayer.fleetName)).toBeFocused();
  const close = widgetHost.closeNotifications(page);
  await expectOnTop(close);
  await lookAt(page, { path: '/tmp/top-layer-shots/dialog-notification.png' });
  await close.click();
  await expect(stack).toHaveCount(0);

  // a tour started while the visitor types in the dialog
  await page.getByRole(...topLayer.fleetName).focus();
  await page.evaluate(() =>
    (window as unknown as Win).Gleap.startProductTourWithConfig('tour-d', {
      tourType: 'standard',
      allowClose: true,
      doneText: 'Finish',
      steps: [{ selector: '#fleet-name', message: 'Name your fleet.' }],
    }),
  );
  const pop = topLayer.tourPopover(page);
  await expect(pop).toBeVisible();
  const finish = pop.getByRole(...topLayer.finishTour);
  await expectOnTop(finish);
  await lookAt(page, { path: '/tmp/top-layer-shots/dialog-tour.png' });
  await finish.click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Win).tourEvents))
    .toEqual([['completed', 'tour-d']]);
  // the tour gives focus back to the dialog's control it was on
  await expect(page.getByRole(...topLayer.fleetName)).toBeFocused();
});
