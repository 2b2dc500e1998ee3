import { expect, test } from '@playwright/test';
import { messengerForm, tickets, ui, widgetCapture, widgetConversations, widgetReports } from '../../selectors';
import { FLEET_SERVER_URL } from '../../urls';
import { lookAt } from '../look';
import { sendReportFromPortalWidget, signInToServer } from './portal-widget';

// Issue 38 items 1 and 4 (decision 0128), against the real Fleet API server (servers/fleet-server.mjs): a visitor sends
// a bug report with our widget (the portal's own tag, pointed at this server), an operator makes a ticket of it and
// answers on the ticket, the visitor's open messenger shows the answer live (the widget's socket, `/widget-ws`), the
// visitor answers back, and the operator finds that answer on the ticket and on the report, and answers there too.

const SERVER = FLEET_SERVER_URL;

test("an operator's answer on the ticket reaches the visitor's messenger live, and the visitor's answer comes back", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const description = `Conversation e2e ${stamp}: the trips map stays blank`;
  const operatorAnswer = `Thanks for the report ${stamp}: does a reload help?`;
  const visitorAnswer = `No, still blank after a reload ${stamp}`;

  // The visitor: a page with our widget (the portal's own), which reports to this server.
  await signInToServer(page);
  const { answer, frame } = await sendReportFromPortalWidget(page, { description, email: 'sa@voltline.demo' });
  expect(answer.status()).toBe(201);
  const report = (await answer.json()) as { id: string; shareToken?: string };
  expect(report.shareToken).toEqual(expect.any(String));
  await expect(frame.getByRole(...ui.headingNamed(messengerForm.thanks))).toBeVisible();
  await frame.getByRole(...ui.buttonNamed(widgetReports.closeMessenger, true)).click();
  await expect(page.locator(widgetCapture.iframeTitleFeedbackAndSupportFrame)).toBeHidden();

  // The visitor opens the report's conversation (gleap's `openConversation(shareToken)`) and keeps it open.
  await page.evaluate((token) => {
    (window as unknown as { Gleap: { openConversation(token: string): void } }).Gleap.openConversation(token);
  }, report.shareToken as string);
  const log = frame.getByRole(...widgetConversations.messagesLog);
  await expect(log.getByText(description)).toBeVisible({ timeout: 20_000 });

  // The operator, in a tab of their own: the report, a ticket made of it, an answer on the ticket.
  const operator = await page.context().newPage();
  await signInToServer(operator);
  await operator.goto(`${SERVER}/feedback/${report.id}`);
  await expect(operator.getByRole(...widgetReports.reportHeading)).toBeVisible({ timeout: 20_000 });
  await operator.getByRole(...widgetConversations.createTicket).click();
  const dialog = operator.getByRole(...widgetConversations.createTicketDialog);
  await dialog.getByRole(...widgetConversations.vehicle).click();
  await operator
    .getByRole(...widgetConversations.vehicleOption)
    .first()
    .click();
  await dialog.getByRole(...widgetConversations.createTicket).click();
  const ticketLink = operator.getByRole(...widgetConversations.ticketLink);
  await expect(ticketLink).toBeVisible({ timeout: 15_000 });
  const ref = ((await ticketLink.textContent()) ?? '').replace('Ticket ', '').trim();
  await ticketLink.click();
  const drawer = operator.getByRole(...widgetConversations.ticketDrawer(ref));
  await expect(drawer).toBeVisible({ timeout: 15_000 });
  await drawer.locator(tickets.label).filter({ hasText: tickets.replyKindLabel }).click();
  await drawer.getByRole(...tickets.replyField).fill(operatorAnswer);
  await drawer.getByRole(tickets.sendReply.role, { name: tickets.sendReply.name }).click();
  await expect(drawer.getByLabel(tickets.replyFrom).getByText(operatorAnswer)).toBeVisible();

  // The visitor's open conversation shows it without a reload: the socket told the widget, the frame fetched it.
  await expect(log.getByText(operatorAnswer)).toBeVisible({ timeout: 15_000 });
  await lookAt(page, { path: test.info().outputPath('visitor-sees-answer.png') });

  // The visitor answers in the messenger; the operator's open ticket shows it without a reload (decision 0136: the
  // server announces the change on the vehicle's tickets topic). Well within the ticket's 30 s refetch, which would
  // otherwise be the first to show it.
  await frame.getByRole(...widgetConversations.messageField).fill(visitorAnswer);
  await frame.getByRole(...widgetConversations.sendMessage).click();
  await expect(log.getByText(visitorAnswer)).toBeVisible();
  await expect(drawer.getByLabel(tickets.replyFrom).getByText(visitorAnswer)).toBeVisible({ timeout: 8_000 });
  await lookAt(operator, { path: test.info().outputPath('operator-sees-answer.png') });

  // The report page shows the same exchange, and a reply written there reaches the visitor too (as the ticket's reply).
  const followUp = `Please try the new release ${stamp}`;
  await operator.goto(`${SERVER}/feedback/${report.id}`);
  const copy = operator.getByRole(...widgetConversations.reportConversation);
  await expect(copy.getByText(visitorAnswer)).toBeVisible({ timeout: 15_000 });
  await operator.getByRole(...widgetConversations.replyToVisitor).fill(followUp);
  await operator.getByRole(...widgetConversations.sendToVisitor).click();
  await expect(copy.getByText(followUp)).toBeVisible();
  await expect(log.getByText(followUp)).toBeVisible({ timeout: 15_000 });
});
