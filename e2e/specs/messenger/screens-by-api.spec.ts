import { expect, test } from '@playwright/test';
import { callGleap, openHost, shootFrame } from './messenger-host';
import { DEMO_ENGAGEMENT, type MockTour } from '../../../sdk/src/mock';
import { messengerScreens, messengerWidget, ui } from '../../selectors';

// Each test boots a host page, the widget and the messenger frame; shared CI cores make that slow at times.
test.describe.configure({ timeout: 60_000 });

// Each screen of the messenger, opened through the widget's public API on a host page, as an integrator's code
// would open it; the Widget API answers from @voltline/widget/mock.

test('Gleap.open shows home with the greeting, the team and the configured quick actions', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'open');
  const frame = messengerWidget.frame(page);
  await expect(messengerWidget.heading(page, 'Hi there')).toBeVisible();
  await expect(frame.getByText(messengerScreens.theVoltlineTeamIsHereText)).toBeVisible();
  for (const name of ['Send us a message', 'Chat with Volt', 'Report a bug', 'Search for help', 'Latest news']) {
    await expect(frame.getByRole(...messengerScreens.quickAction(name))).toBeVisible();
  }
  await expect(frame.getByRole(...messengerScreens.messengerNav)).toBeVisible();
  await shootFrame(page, 'home');
});

test('home starts the bot from its own quick action', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'open');
  const frame = messengerWidget.frame(page);
  await frame.getByRole(...messengerScreens.chatWithVolt).click();
  await expect(frame.getByRole(...messengerScreens.conversationWithVoltLog)).toContainText('What can I do for you?');
  await frame.getByRole(...messengerScreens.back).click();
  await expect(messengerWidget.heading(page, 'Hi there')).toBeVisible();
});

test('Gleap.startFeedbackFlow opens the bug report form', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'startFeedbackFlow', 'bugreporting');
  const frame = messengerWidget.frame(page);
  await expect(frame.getByLabel(messengerScreens.description)).toBeVisible();
  await expect(frame.getByRole(...messengerScreens.send)).toBeVisible();
  await shootFrame(page, 'feedback-bug');
});

test('Gleap.openConversations lists the conversations, unread first', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openConversations');
  const frame = messengerWidget.frame(page);
  await expect(messengerWidget.heading(page, 'Messages')).toBeVisible();
  const items = frame.getByRole(...ui.listitem);
  await expect(items.first()).toContainText('Battery alarm');
  await expect(frame.getByText(messengerScreens.invoiceQuestionText)).toBeVisible();
  await shootFrame(page, 'conversations');
});

test('Gleap.openConversation shows one conversation with its messages and a composer', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openConversation', 't-old');
  const frame = messengerWidget.frame(page);
  await expect(messengerWidget.heading(page, 'Invoice question')).toBeVisible();
  await expect(frame.getByRole(...messengerScreens.messagesLog)).toContainText('Under Billing.');
  await shootFrame(page, 'conversation');
});

test('Gleap.startBot runs the bot: buttons, a hand-off to a person and the conversation that follows', async ({
  page,
}) => {
  const { mock } = await openHost(page);
  await callGleap(page, 'startBot', 'support-bot');
  const frame = messengerWidget.frame(page);
  const log = frame.getByRole(...messengerScreens.conversationWithVoltLog);
  await expect(log).toContainText("Hi! I'm Volt, the Voltline assistant.");
  await expect(frame.getByRole(...messengerScreens.chooseAnAnswerGroup)).toBeVisible();
  await shootFrame(page, 'bot-start');

  await frame.getByRole(...messengerScreens.reportAProblem).click();
  const answer = frame.getByRole(...messengerScreens.yourAnswerField);
  await answer.fill('The live map stays blank');
  await answer.press('Enter');
  await expect(log).toContainText('Which e-mail address should we answer to?');
  await frame.getByRole(...messengerScreens.yourAnswerField).fill('not an address');
  await frame.getByRole(...messengerScreens.send).click();
  await expect(frame.getByText(messengerScreens.pleaseEnterAValidEText)).toBeVisible();
  await shootFrame(page, 'bot-question-error');
  await frame.getByRole(...messengerScreens.yourAnswerField).fill('ana@example.com');
  await frame.getByRole(...messengerScreens.send).click();
  await expect(frame.getByText(messengerScreens.ticketReportWasCreatedText)).toBeVisible();
  expect(mock.store.reports.at(-1)).toMatchObject({
    formData: { description: 'The live map stays blank', reportedBy: 'ana@example.com' },
  });
  await shootFrame(page, 'bot-ticket');
  await frame.getByRole(...messengerScreens.openTheTicketConversation).click();
  await expect(messengerWidget.heading(page, 'The live map stays blank')).toBeVisible();
});

test('Gleap.startBot hands over to a person when asked', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'startBot', 'support-bot');
  const frame = messengerWidget.frame(page);
  await frame.getByRole(...messengerScreens.talkToAPerson).click();
  await expect(frame.getByText(messengerScreens.someoneFromTheTeamIsText)).toBeVisible();
  await shootFrame(page, 'bot-handoff');
  await frame.getByRole(...messengerScreens.continueTheConversation).click();
  await expect(messengerWidget.heading(page, 'Chat with Maya')).toBeVisible();
  await expect(frame.getByRole(...messengerScreens.messagesLog)).toContainText("Hi, I'm Maya.");
});

test('Gleap.startConversation opens a new conversation', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'startConversation', true);
  await expect(messengerWidget.heading(page, 'New conversation')).toBeVisible();
  await shootFrame(page, 'new-conversation');
});

test('Gleap.openHelpCenter shows the collections', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openHelpCenter');
  const frame = messengerWidget.frame(page);
  await expect(messengerWidget.heading(page, 'Help center')).toBeVisible();
  await expect(frame.getByRole(...messengerScreens.gettingStarted)).toBeVisible();
  await shootFrame(page, 'help');
});

test('Gleap.openHelpCenterCollection lists the articles of a collection', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openHelpCenterCollection', 'c-start');
  const frame = messengerWidget.frame(page);
  await expect(messengerWidget.heading(page, 'Getting started')).toBeVisible();
  await expect(frame.getByRole(...messengerScreens.pairABatteryWithA)).toBeVisible();
  await shootFrame(page, 'help-collection');
});

test('Gleap.openHelpCenterArticle shows the sanitised article', async ({ page }) => {
  const { errors } = await openHost(page);
  await callGleap(page, 'openHelpCenterArticle', 'a-pair');
  const frame = messengerWidget.frame(page);
  const article = frame.getByRole(...ui.article);
  await expect(article.getByRole(...messengerScreens.pairABatteryWithAHeading)).toBeVisible();
  await expect(article.getByRole(...messengerScreens.thePairDialogImage)).toBeVisible();
  expect(await article.locator(messengerScreens.scriptElement).count()).toBe(0);
  expect(errors).toEqual([]);
  await shootFrame(page, 'help-article');
});

test('Gleap.searchHelpCenter shows the results with the term highlighted', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'searchHelpCenter', 'battery');
  const frame = messengerWidget.frame(page);
  await expect(frame.getByRole(...messengerScreens.pairABatteryWithA)).toBeVisible();
  await expect(frame.locator(messengerScreens.highlightedMatch).first()).toHaveText(/battery/i);
  await shootFrame(page, 'help-search');
});

test('Gleap.openNews lists the news, newest first', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openNews');
  const frame = messengerWidget.frame(page);
  await expect(messengerWidget.heading(page, 'News')).toBeVisible();
  await expect(frame.getByText(messengerScreens.liveMapFor10000Text)).toBeVisible();
  await shootFrame(page, 'news');
});

test('Gleap.openNewsArticle shows the article in the wider extended frame', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openNewsArticle', 'n-2');
  const frame = messengerWidget.frame(page);
  await expect(frame.getByRole(...messengerScreens.liveMapFor10000Heading)).toBeVisible();
  await expect.poll(async () => (await messengerWidget.element(page).boundingBox())?.width ?? 0).toBeGreaterThan(600);
  await shootFrame(page, 'news-article');
});

test('Gleap.openChecklists lists the checklists with their progress', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openChecklists');
  const frame = messengerWidget.frame(page);
  await expect(frame.getByRole(...messengerScreens.setUpYourFleet)).toContainText('1 of 5 steps done');
  await shootFrame(page, 'checklists');
});

test('Gleap.openChecklist shows the steps; a tour step closes the widget and starts that product tour on the page', async ({
  page,
}) => {
  const { errors, mock } = await openHost(page);
  mock.store.tours.set('demo-tour', DEMO_ENGAGEMENT.tours['demo-tour'] as MockTour);
  await callGleap(page, 'openChecklist', 'cl-onboarding');
  const frame = messengerWidget.frame(page);
  await expect(messengerWidget.heading(page, 'Set up your fleet')).toBeVisible();
  await expect(frame.getByText(messengerScreens.n1Of5StepsDoneText)).toBeVisible();
  await shootFrame(page, 'checklist');
  await frame.getByRole(...messengerScreens.startTheTour).click();
  const tour = page.locator(messengerScreens.voltlineTour).getByRole(...ui.dialog);
  await expect(tour.getByRole(...messengerScreens.welcomeToVoltlineHeading)).toBeVisible();
  await expect.poll(() => callGleap(page, 'isOpened')).toBe(false);
  await tour.getByRole(...messengerScreens.closeTour).click();
  await expect(tour).toHaveCount(0);
  expect(errors).toEqual([]);
  await callGleap(page, 'openChecklist', 'cl-onboarding');
  await frame.getByRole(...messengerScreens.markTakeTheDashboardTour).click();
  await expect(frame.getByText(messengerScreens.n2Of5StepsDoneText)).toBeVisible();
});

test('Gleap.startChecklist starts the checklist of an outbound id', async ({ page }) => {
  const { mock } = await openHost(page);
  expect(await callGleap(page, 'startChecklist', 'billing-setup')).toBe(true);
  await expect(messengerWidget.heading(page, 'Set up billing')).toBeVisible();
  await expect(messengerWidget.frame(page).getByText(messengerScreens.n0Of1StepsDoneText)).toBeVisible();
  expect(mock.store.checklists.some((c) => c.outboundId === 'billing-setup')).toBe(true);
  await shootFrame(page, 'checklist-started');
});

test('Gleap.showSurvey shows one question per page with progress', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'showSurvey', 'nps-survey', 'survey');
  const frame = messengerWidget.frame(page);
  await expect(frame.getByText(messengerScreens.howLikelyAreYouToText)).toBeVisible();
  await shootFrame(page, 'survey');
});

test('Gleap.startClassicForm shows a form defined on the server', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'startClassicForm', 'contact-form', true);
  const frame = messengerWidget.frame(page);
  await expect(messengerWidget.heading(page, 'Contact sales')).toBeVisible();
  await expect(frame.getByLabel(messengerScreens.name)).toBeVisible();
  await shootFrame(page, 'form-by-id');
});

test('Gleap.openFeatureRequests lists the requests with status and votes', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openFeatureRequests');
  const frame = messengerWidget.frame(page);
  await expect(messengerWidget.heading(page, 'Feature requests')).toBeVisible();
  await expect(frame.getByText(messengerScreens.exportTripsAsCSVText)).toBeVisible();
  await shootFrame(page, 'feature-requests');
});

test('showBackButton decides whether a screen offers the way back to home', async ({ page }) => {
  await openHost(page);
  const frame = messengerWidget.frame(page);
  await callGleap(page, 'openHelpCenter', false);
  await expect(messengerWidget.heading(page, 'Help center')).toBeVisible();
  await expect(frame.getByRole(...messengerScreens.back)).toHaveCount(0);
  await callGleap(page, 'openNews', true);
  await expect(messengerWidget.heading(page, 'News')).toBeVisible();
  await frame.getByRole(...messengerScreens.back).click();
  await expect(messengerWidget.heading(page, 'Hi there')).toBeVisible();
});
