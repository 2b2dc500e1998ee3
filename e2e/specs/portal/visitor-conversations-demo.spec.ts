import { expect, test } from '@playwright/test';
import { session, visitorConversations, widgetCapture, widgetConversations, widgetReports } from '../../selectors';
import { seriousViolations } from '../axe';
import { lookAt } from '../look';
import { PORTAL_BASE, signInToDashboard } from './portal-session';

// Decision 0136 Session 25: a visitor who starts a conversation in the messenger without a report is found by the
// operator under the inbox's "Conversations without a report", and the operator's answer reaches the messenger. The
// demo's visitor and operator are one page (its world lives in the page).
test("a visitor's conversation without a report is listed for the operator, whose answer reaches the messenger", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const stamp = Date.now().toString(36);
  const question = `Can I export trips as CSV? ${stamp}`;
  const answer = `Yes: Trips, then Export CSV (${stamp}).`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToDashboard(page, 'SA');
  await expect(page.getByRole(...widgetCapture.open)).toBeVisible({ timeout: 30_000 });

  // The visitor starts a conversation in the messenger.
  await page.evaluate(() => {
    (window as unknown as { Gleap: { startConversation(): void } }).Gleap.startConversation();
  });
  const frame = page.frameLocator(widgetCapture.iframeTitleFeedbackAndSupportFrame);
  const started = page.waitForResponse(
    (r) => r.url() === `${PORTAL_BASE}/widget-api/conversations` && r.request().method() === 'POST',
  );
  await frame.getByRole(...widgetConversations.messageField).fill(question);
  await frame.getByRole(...widgetConversations.sendMessage).click();
  const sent = await started;
  expect(sent.status()).toBe(201);
  const { shareToken } = (await sent.json()) as { shareToken: string };
  await expect(frame.getByRole(...widgetConversations.messagesLog).getByText(question)).toBeVisible();
  await page.keyboard.press('Escape');

  // The operator finds it from the inbox, opens it and answers.
  await page
    .getByRole(...session.mainNavigationNav)
    .getByRole(...widgetReports.feedbackLink)
    .click();
  await expect(page.getByRole(...widgetReports.inboxHeading)).toBeVisible({ timeout: 20_000 });
  await page.getByRole(...visitorConversations.inboxLink).click();
  await expect(page.getByRole(...visitorConversations.heading)).toBeVisible({ timeout: 15_000 });
  const row = page.getByRole(...visitorConversations.list).getByRole(...visitorConversations.row(question));
  await expect(row).toContainText(visitorConversations.awaitingReply);
  await row.click();
  const open = page.getByRole(...visitorConversations.openSection);
  await expect(open.getByRole(...widgetConversations.reportConversation).getByText(question)).toBeVisible();
  await open.getByRole(...widgetConversations.replyToVisitor).fill(answer);
  await open.getByRole(...widgetConversations.sendToVisitor).click();
  await expect(open.getByRole(...widgetConversations.reportConversation).getByText(answer)).toBeVisible();
  await expect(row).not.toContainText(visitorConversations.awaitingReply);
  expect(new URL(page.url()).searchParams.get('c')).toBe(shareToken);
  await lookAt(page, { path: test.info().outputPath('visitor-conversations.png'), fullPage: true });
  // The page with a conversation open passes axe (WCAG A/AA, serious and critical), the messenger's frame aside.
  expect(
    await seriousViolations(page, {
      include: ['main'],
      iframes: false,
      rules: { 'label-content-name-mismatch': { enabled: true } },
    }),
  ).toEqual([]);

  // The visitor's messenger has the answer.
  await page.evaluate((token) => {
    (window as unknown as { Gleap: { openConversation(token: string): void } }).Gleap.openConversation(token);
  }, shareToken);
  const log = frame.getByRole(...widgetConversations.messagesLog);
  await expect(log.getByText(answer)).toBeVisible({ timeout: 20_000 });
  await lookAt(page, { path: test.info().outputPath('visitor-sees-answer.png') });
  expect(errors).toEqual([]);
});
