import { expect, test } from '@playwright/test';
import {
  messengerForm,
  session,
  tickets,
  ui,
  widgetCapture,
  widgetConversations,
  widgetReports,
} from '../../selectors';
import { lookAt } from '../look';
import { sendReportFromPortalWidget } from '../server/portal-widget';
import { openSignedIn, PORTAL_BASE } from './portal-session';

// Decision 0128: in demo mode the messenger's conversation calls are answered by the server's conversation services
// (over the widget mock's store), not by the mock's copy of the rules. The portal's own widget opens the demo's
// conversation, the visitor writes, and the services' answer (their message ids) is what the messenger shows.
test("the demo's messenger conversations are answered by the server's services", async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Any page of the portal has its widget; the profile page, unlike the dashboard, has no live map and charts to draw.
  await openSignedIn(page, 'SA', '/profile');
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

// Decision 0136: in demo mode a report sent by the portal's own widget runs the services' `storeReport` into the demo's
// feedback inbox, as against the server: the operator finds it, makes a ticket of it and answers there, the visitor
// sees the answer in the messenger, and the visitor's answer comes back to the ticket and the report. One page is both
// (the demo's world lives in the page), so the operator moves by the app's own links, never by reloading. The visitor
// reports from the profile page, not the dashboard: what page the report shows is not what this test is about, and the
// dashboard's live map and charts made the widget's page capture take 6 to 25 s of the walk (decision 0120, session 25).
test("a report from the demo portal's widget lands in its inbox; the ticket's reply reaches the messenger and back", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const stamp = Date.now().toString(36);
  const description = `Demo report e2e ${stamp}: the trips map stays blank`;
  const operatorAnswer = `Thanks for the report ${stamp}: does a reload help?`;
  const visitorAnswer = `No, still blank after a reload ${stamp}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, 'SA', '/profile');
  await expect(page.getByRole(...widgetCapture.open)).toBeVisible({ timeout: 30_000 });

  // The visitor reports; the services answer (their ids, not the widget mock's `report-1`).
  const { answer, frame } = await sendReportFromPortalWidget(page, {
    description,
    email: 'sa@voltline.demo',
    base: PORTAL_BASE,
  });
  expect(answer.status()).toBe(201);
  const report = (await answer.json()) as { id: string; shareToken?: string };
  expect(report.id).toMatch(/^rpt-/);
  expect(report.shareToken).toMatch(/^c-/);
  await expect(frame.getByRole(...ui.headingNamed(messengerForm.thanks))).toBeVisible();
  await frame.getByRole(...ui.buttonNamed(widgetReports.closeMessenger, true)).click();
  await expect(page.locator(widgetCapture.iframeTitleFeedbackAndSupportFrame)).toBeHidden();

  // The operator finds it in the inbox and opens it.
  await page
    .getByRole(...session.mainNavigationNav)
    .getByRole(...widgetReports.feedbackLink)
    .click();
  await expect(page.getByRole(...widgetReports.inboxHeading)).toBeVisible({ timeout: 20_000 });
  await page.getByRole(...widgetReports.search).fill(description);
  const table = page.getByRole(...widgetReports.reportsTable);
  await expect(table.getByRole(...ui.row)).toHaveCount(2, { timeout: 15_000 });
  const row = table.getByRole(...widgetReports.reportRow(report.id));
  await expect(row).toContainText(description);
  await lookAt(page, { path: test.info().outputPath('demo-inbox.png') });
  await row.getByRole(...ui.link).click();
  await expect(page.getByRole(...widgetReports.reportHeading)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole(...widgetConversations.reportConversation).getByText(description)).toBeVisible();
  await lookAt(page, { path: test.info().outputPath('demo-report.png'), fullPage: true });

  // A ticket made of it, and an answer on the ticket.
  await page.getByRole(...widgetConversations.createTicket).click();
  const dialog = page.getByRole(...widgetConversations.createTicketDialog);
  await dialog.getByRole(...widgetConversations.vehicle).click();
  await page
    .getByRole(...widgetConversations.vehicleOption)
    .first()
    .click();
  await dialog.getByRole(...widgetConversations.createTicket).click();
  const ticketLink = page.getByRole(...widgetConversations.ticketLink);
  await expect(ticketLink).toBeVisible({ timeout: 15_000 });
  const ref = ((await ticketLink.textContent()) ?? '').replace('Ticket ', '').trim();
  // The toast saying so covers the ticket link, and a pointer over it holds it open: a click on the link would wait
  // behind it (5 s, or until the test's timeout). The operator closes it, as a person would.
  const toast = page.getByRole(...ui.listitem).filter({ hasText: widgetConversations.ticketOpenedText(ref) });
  await toast.getByRole(...widgetConversations.closeToast).click();
  await expect(toast).toBeHidden();
  await ticketLink.click();
  const drawer = page.getByRole(...widgetConversations.ticketDrawer(ref));
  await expect(drawer).toBeVisible({ timeout: 15_000 });
  await drawer.locator(tickets.label).filter({ hasText: tickets.replyKindLabel }).click();
  await drawer.getByRole(...tickets.replyField).fill(operatorAnswer);
  await drawer.getByRole(tickets.sendReply.role, { name: tickets.sendReply.name }).click();
  await expect(drawer.getByLabel(tickets.replyFrom).getByText(operatorAnswer)).toBeVisible();

  // The visitor opens the report's conversation: the answer is there; the visitor answers back.
  await page.evaluate((token) => {
    (window as unknown as { Gleap: { openConversation(token: string): void } }).Gleap.openConversation(token);
  }, report.shareToken as string);
  const log = frame.getByRole(...widgetConversations.messagesLog);
  await expect(log.getByText(description)).toBeVisible({ timeout: 20_000 });
  await expect(log.getByText(operatorAnswer)).toBeVisible();
  await lookAt(page, { path: test.info().outputPath('demo-visitor-sees-answer.png') });
  await frame.getByRole(...widgetConversations.messageField).fill(visitorAnswer);
  await frame.getByRole(...widgetConversations.sendMessage).click();
  await expect(log.getByText(visitorAnswer)).toBeVisible();
  await page.keyboard.press('Escape');

  // The operator finds the visitor's answer on the report (back in the app's history) and on its ticket.
  await page.goBack();
  await expect(page.getByRole(...widgetReports.reportHeading)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole(...widgetConversations.reportConversation).getByText(visitorAnswer)).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole(...widgetConversations.ticketLink).click();
  await expect(
    page
      .getByRole(...widgetConversations.ticketDrawer(ref))
      .getByLabel(tickets.replyFrom)
      .getByText(visitorAnswer),
  ).toBeVisible({ timeout: 15_000 });
  await lookAt(page, { path: test.info().outputPath('demo-operator-sees-answer.png') });
  expect(errors).toEqual([]);
});
