import { expect, test } from '@playwright/test';
import { widgetCapture, widgetConversations } from '../../selectors';
import { signInToDashboard } from './portal-session';

// Decision 0128: in demo mode the messenger's conversation calls are answered by the server's conversation services
// (over the widget mock's store), not by the mock's copy of the rules. The portal's own widget opens the demo's
// conversation, the visitor writes, and the services' answer (their message ids) is what the messenger shows.
test("the demo's messenger conversations are answered by the server's services", async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signInToDashboard(page, 'SA');
  await expect(page.getByRole(...widgetCapture.open)).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => {
    (window as unknown as { Gleap: { openConversations(): void } }).Gleap.openConversations();
  });
  const frame = page.frameLocator(widgetCapture.iframeTitleFeedbackAndSupportFrame);
  await frame.getByRole(...widgetConversations.demoConversation).click();
  const log = frame.getByRole(...widgetConversations.messagesLog);
  await expect(log).toBeVisible({ timeout: 15_000 });

  const text = `Demo conversation e2e ${Date.now().toString(36)}`;
  const sent = page.waitForResponse((r) => /\/widget-api\/conversations\/[^/]+\/messages$/.test(r.url()));
  await frame.getByRole(...widgetConversations.messageField).fill(text);
  await frame.getByRole(...widgetConversations.sendMessage).click();
  const answer = await sent;
  expect(answer.status()).toBe(201);
  // The services' message ids (`wmsg-`), not the mock's (`m-`).
  expect(((await answer.json()) as { id: string }).id).toMatch(/^wmsg-/);
  await expect(log.getByText(text)).toBeVisible();
  expect(errors).toEqual([]);
});
