import { expect, type FrameLocator, type Page, type Response } from '@playwright/test';
import { messengerForm, portal, ui, widgetCapture } from '../../selectors';
import { FLEET_SERVER_URL } from '../../urls';
import { signInWithPassword } from '../portal/portal-session';

/** Signs in as the Super Admin at the server's portal through the form; the server (not a service worker) answers. */
export async function signInToServer(page: Page) {
  const answer = await signInWithPassword(page, 'SA', FLEET_SERVER_URL);
  expect(answer.status()).toBe(200);
  expect(answer.fromServiceWorker()).toBe(false);
  await expect(page.getByText(portal.pages.dashboardGreeting)).toBeVisible({ timeout: 20_000 });
}

/**
 * Sends a bug report with the portal's own widget (pointed at this server by its /config.json, decision 0118 item 5;
 * or, with `base` the demo portal's origin, at the demo's widget API): opens the messenger, waits for the page
 * snapshot's preview, fills the form and sends. Answers the response and the messenger's frame (still open on its
 * thanks).
 */
export async function sendReportFromPortalWidget(
  page: Page,
  { description, email, base = FLEET_SERVER_URL }: { description: string; email: string; base?: string },
): Promise<{ answer: Response; frame: FrameLocator }> {
  const sent = page.waitForResponse(
    (r) => r.url() === `${base}/widget-api/bugs/v2` && r.request().method() === 'POST',
    { timeout: 60_000 },
  );
  await page.getByRole(...widgetCapture.open).click();
  const frame = page.frameLocator(widgetCapture.iframeTitleFeedbackAndSupportFrame);
  await frame.getByRole(...widgetCapture.reportABug).click();
  // The flow takes the page's snapshot: its preview is shown before sending.
  await expect(
    frame.getByRole(...widgetCapture.whatWillBeSentRegion).getByTitle(widgetCapture.screenshotPreviewTitle),
  ).toBeVisible({ timeout: 30_000 });
  await frame.getByLabel(messengerForm.description).fill(description);
  await frame.getByLabel(messengerForm.email).fill(email);
  await frame.getByRole(...ui.buttonNamed(messengerForm.send)).click();
  return { answer: await sent, frame };
}
