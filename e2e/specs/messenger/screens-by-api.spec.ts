import { expect, test } from '@playwright/test';
import { callGleap, openHost, selectors, shootFrame } from './messenger-host';
import { DEMO_ENGAGEMENT, type MockTour } from '../../../sdk/src/mock';

// Each test boots a host page, the widget and the messenger frame; shared CI cores make that slow at times.
test.describe.configure({ timeout: 60_000 });

// Each screen of the messenger, opened through the widget's public API on a host page, as an integrator's code
// would open it; the Widget API answers from @voltline/widget/mock.

test('Gleap.open shows home with the greeting, the team and the configured quick actions', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'open');
  const frame = selectors.frame(page);
  await expect(selectors.heading(page, 'Hi there')).toBeVisible();
  await expect(frame.getByText('The Voltline team is here for you.')).toBeVisible();
  for (const name of ['Send us a message', 'Chat with Volt', 'Report a bug', 'Search for help', 'Latest news']) {
    await expect(frame.getByRole('button', { name })).toBeVisible();
  }
  await expect(frame.getByRole('navigation', { name: 'Messenger' })).toBeVisible();
  await shootFrame(page, 'home');
});

test('home starts the bot from its own quick action', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'open');
  const frame = selectors.frame(page);
  await frame.getByRole('button', { name: /^Chat with Volt\b/ }).click();
  await expect(frame.getByRole('log', { name: 'Conversation with Volt' })).toContainText('What can I do for you?');
  await frame.getByRole('button', { name: 'Back' }).click();
  await expect(selectors.heading(page, 'Hi there')).toBeVisible();
});

test('Gleap.startFeedbackFlow opens the bug report form', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'startFeedbackFlow', 'bugreporting');
  const frame = selectors.frame(page);
  await expect(frame.getByLabel('Description')).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Send' })).toBeVisible();
  await shootFrame(page, 'feedback-bug');
});

test('Gleap.openConversations lists the conversations, unread first', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openConversations');
  const frame = selectors.frame(page);
  await expect(selectors.heading(page, 'Messages')).toBeVisible();
  const items = frame.getByRole('listitem');
  await expect(items.first()).toContainText('Battery alarm');
  await expect(frame.getByText('Invoice question')).toBeVisible();
  await shootFrame(page, 'conversations');
});

test('Gleap.openConversation shows one conversation with its messages and a composer', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openConversation', 't-old');
  const frame = selectors.frame(page);
  await expect(selectors.heading(page, 'Invoice question')).toBeVisible();
  await expect(frame.getByRole('log', { name: 'Messages' })).toContainText('Under Billing.');
  await shootFrame(page, 'conversation');
});

test('Gleap.startBot runs the bot: buttons, a hand-off to a person and the conversation that follows', async ({
  page,
}) => {
  const { mock } = await openHost(page);
  await callGleap(page, 'startBot', 'support-bot');
  const frame = selectors.frame(page);
  const log = frame.getByRole('log', { name: 'Conversation with Volt' });
  await expect(log).toContainText("Hi! I'm Volt, the Voltline assistant.");
  await expect(frame.getByRole('group', { name: 'Choose an answer' })).toBeVisible();
  await shootFrame(page, 'bot-start');

  await frame.getByRole('button', { name: 'Report a problem' }).click();
  const answer = frame.getByRole('textbox', { name: 'Your answer' });
  await answer.fill('The live map stays blank');
  await answer.press('Enter');
  await expect(log).toContainText('Which e-mail address should we answer to?');
  await frame.getByRole('textbox', { name: 'Your answer' }).fill('not an address');
  await frame.getByRole('button', { name: 'Send' }).click();
  await expect(frame.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await shootFrame(page, 'bot-question-error');
  await frame.getByRole('textbox', { name: 'Your answer' }).fill('ana@example.com');
  await frame.getByRole('button', { name: 'Send' }).click();
  await expect(frame.getByText(/^Ticket report-\d+ was created\.$/)).toBeVisible();
  expect(mock.store.reports.at(-1)).toMatchObject({
    formData: { description: 'The live map stays blank', reportedBy: 'ana@example.com' },
  });
  await shootFrame(page, 'bot-ticket');
  await frame.getByRole('button', { name: 'Open the ticket conversation' }).click();
  await expect(selectors.heading(page, 'The live map stays blank')).toBeVisible();
});

test('Gleap.startBot hands over to a person when asked', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'startBot', 'support-bot');
  const frame = selectors.frame(page);
  await frame.getByRole('button', { name: 'Talk to a person' }).click();
  await expect(frame.getByText('Someone from the team is joining.')).toBeVisible();
  await shootFrame(page, 'bot-handoff');
  await frame.getByRole('button', { name: 'Continue the conversation' }).click();
  await expect(selectors.heading(page, 'Chat with Maya')).toBeVisible();
  await expect(frame.getByRole('log', { name: 'Messages' })).toContainText("Hi, I'm Maya.");
});

test('Gleap.startConversation opens a new conversation', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'startConversation', true);
  await expect(selectors.heading(page, 'New conversation')).toBeVisible();
  await shootFrame(page, 'new-conversation');
});

test('Gleap.openHelpCenter shows the collections', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openHelpCenter');
  const frame = selectors.frame(page);
  await expect(selectors.heading(page, 'Help center')).toBeVisible();
  await expect(frame.getByRole('button', { name: /Getting started/ })).toBeVisible();
  await shootFrame(page, 'help');
});

test('Gleap.openHelpCenterCollection lists the articles of a collection', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openHelpCenterCollection', 'c-start');
  const frame = selectors.frame(page);
  await expect(selectors.heading(page, 'Getting started')).toBeVisible();
  await expect(frame.getByRole('button', { name: /Pair a battery with a vehicle/ })).toBeVisible();
  await shootFrame(page, 'help-collection');
});

test('Gleap.openHelpCenterArticle shows the sanitised article', async ({ page }) => {
  const { errors } = await openHost(page);
  await callGleap(page, 'openHelpCenterArticle', 'a-pair');
  const frame = selectors.frame(page);
  const article = frame.getByRole('article');
  await expect(article.getByRole('heading', { name: 'Pair a battery with a vehicle' })).toBeVisible();
  await expect(article.getByRole('img', { name: 'The pair dialog' })).toBeVisible();
  expect(await article.locator('script').count()).toBe(0);
  expect(errors).toEqual([]);
  await shootFrame(page, 'help-article');
});

test('Gleap.searchHelpCenter shows the results with the term highlighted', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'searchHelpCenter', 'battery');
  const frame = selectors.frame(page);
  await expect(frame.getByRole('button', { name: /Pair a battery with a vehicle/ })).toBeVisible();
  await expect(frame.locator('mark').first()).toHaveText(/battery/i);
  await shootFrame(page, 'help-search');
});

test('Gleap.openNews lists the news, newest first', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openNews');
  const frame = selectors.frame(page);
  await expect(selectors.heading(page, 'News')).toBeVisible();
  await expect(frame.getByText('Live map for 10,000 vehicles')).toBeVisible();
  await shootFrame(page, 'news');
});

test('Gleap.openNewsArticle shows the article in the wider extended frame', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openNewsArticle', 'n-2');
  const frame = selectors.frame(page);
  await expect(frame.getByRole('heading', { name: 'Live map for 10,000 vehicles' })).toBeVisible();
  await expect.poll(async () => (await selectors.frameElement(page).boundingBox())?.width ?? 0).toBeGreaterThan(600);
  await shootFrame(page, 'news-article');
});

test('Gleap.openChecklists lists the checklists with their progress', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openChecklists');
  const frame = selectors.frame(page);
  await expect(frame.getByRole('button', { name: /Set up your fleet/ })).toContainText('1 of 5 steps done');
  await shootFrame(page, 'checklists');
});

test('Gleap.openChecklist shows the steps; a tour step closes the widget and starts that product tour on the page', async ({
  page,
}) => {
  const { errors, mock } = await openHost(page);
  mock.store.tours.set('demo-tour', DEMO_ENGAGEMENT.tours['demo-tour'] as MockTour);
  await callGleap(page, 'openChecklist', 'cl-onboarding');
  const frame = selectors.frame(page);
  await expect(selectors.heading(page, 'Set up your fleet')).toBeVisible();
  await expect(frame.getByText('1 of 5 steps done')).toBeVisible();
  await shootFrame(page, 'checklist');
  await frame.getByRole('button', { name: 'Start the tour' }).click();
  const tour = page.locator('voltline-tour').getByRole('dialog');
  await expect(tour.getByRole('heading', { name: 'Welcome to Voltline' })).toBeVisible();
  await expect.poll(() => callGleap(page, 'isOpened')).toBe(false);
  await tour.getByRole('button', { name: 'Close tour' }).click();
  await expect(tour).toHaveCount(0);
  expect(errors).toEqual([]);
  await callGleap(page, 'openChecklist', 'cl-onboarding');
  await frame.getByRole('button', { name: 'Mark "Take the dashboard tour" as done' }).click();
  await expect(frame.getByText('2 of 5 steps done')).toBeVisible();
});

test('Gleap.startChecklist starts the checklist of an outbound id', async ({ page }) => {
  const { mock } = await openHost(page);
  expect(await callGleap(page, 'startChecklist', 'billing-setup')).toBe(true);
  await expect(selectors.heading(page, 'Set up billing')).toBeVisible();
  await expect(selectors.frame(page).getByText('0 of 1 steps done')).toBeVisible();
  expect(mock.store.checklists.some((c) => c.outboundId === 'billing-setup')).toBe(true);
  await shootFrame(page, 'checklist-started');
});

test('Gleap.showSurvey shows one question per page with progress', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'showSurvey', 'nps-survey', 'survey');
  const frame = selectors.frame(page);
  await expect(frame.getByText('How likely are you to recommend Voltline to a colleague?')).toBeVisible();
  await shootFrame(page, 'survey');
});

test('Gleap.startClassicForm shows a form defined on the server', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'startClassicForm', 'contact-form', true);
  const frame = selectors.frame(page);
  await expect(selectors.heading(page, 'Contact sales')).toBeVisible();
  await expect(frame.getByLabel('Name')).toBeVisible();
  await shootFrame(page, 'form-by-id');
});

test('Gleap.openFeatureRequests lists the requests with status and votes', async ({ page }) => {
  await openHost(page);
  await callGleap(page, 'openFeatureRequests');
  const frame = selectors.frame(page);
  await expect(selectors.heading(page, 'Feature requests')).toBeVisible();
  await expect(frame.getByText('Export trips as CSV')).toBeVisible();
  await shootFrame(page, 'feature-requests');
});

test('showBackButton decides whether a screen offers the way back to home', async ({ page }) => {
  await openHost(page);
  const frame = selectors.frame(page);
  await callGleap(page, 'openHelpCenter', false);
  await expect(selectors.heading(page, 'Help center')).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await callGleap(page, 'openNews', true);
  await expect(selectors.heading(page, 'News')).toBeVisible();
  await frame.getByRole('button', { name: 'Back' }).click();
  await expect(selectors.heading(page, 'Hi there')).toBeVisible();
});
