import { expect, test } from '@playwright/test';
import { callGleap, openHost, shootFrame } from './messenger-host';
import { messengerScreens, messengerWidget, ui } from '../../selectors';

// Each test boots a host page, the widget and the messenger frame; shared CI cores make that slow at times.
test.describe.configure({ timeout: 60_000 });

// The host page's query parameters and gleap:// links of the widget spec (§2): each opens its screen in the messenger.

test('gleap_widget opens the widget on home', async ({ page }) => {
  await openHost(page, '?gleap_widget=1');
  await expect(messengerWidget.heading(page, 'Hi there')).toBeVisible();
});

test('gleap_conversation with a bot id starts that bot', async ({ page }) => {
  await openHost(page, '?gleap_conversation=support-bot');
  const frame = messengerWidget.frame(page);
  await expect(messengerWidget.heading(page, 'Volt')).toBeVisible();
  await expect(frame.getByRole(...messengerScreens.conversationWithVoltLog)).toContainText('What can I do for you?');
  await shootFrame(page, 'url-bot');
});

test('gleap_conversation=true starts a conversation', async ({ page }) => {
  await openHost(page, '?gleap_conversation=true');
  await expect(messengerWidget.heading(page, 'New conversation')).toBeVisible();
});

test('gleap_feedback opens the form of that id', async ({ page }) => {
  await openHost(page, '?gleap_feedback=contact-form');
  const frame = messengerWidget.frame(page);
  await expect(messengerWidget.heading(page, 'Contact sales')).toBeVisible();
  await expect(frame.getByRole(...messengerScreens.youMayContactMeByBox)).toBeVisible();
});

test('gleap_survey with gleap_survey_format=survey_full opens the survey in the full format', async ({ page }) => {
  await openHost(page, '?gleap_survey=nps-survey&gleap_survey_format=survey_full');
  const frame = messengerWidget.frame(page);
  await expect(frame.getByText(messengerScreens.howLikelyAreYouToText)).toBeVisible();
  await shootFrame(page, 'url-survey-full');
});

test('gleap:// links on the page open the bot and a help article', async ({ page }) => {
  await openHost(page);
  await page.getByRole(...messengerScreens.chatWithOurAssistantLink).click();
  await expect(messengerWidget.frame(page).getByRole(...messengerScreens.conversationWithVoltLog)).toBeVisible();
  await page.getByRole(...messengerScreens.howFirmwareUpdatesWorkLink).click();
  await expect(
    messengerWidget
      .frame(page)
      .getByRole(...ui.article)
      .getByRole(...messengerScreens.updateBatteryFirmwareHeading),
  ).toBeVisible();
});

test('an unknown bot id says so with a retry', async ({ page }) => {
  await openHost(page, '?gleap_conversation=no-such-bot');
  const alert = messengerWidget.frame(page).getByRole(...ui.alert);
  await expect(alert).toContainText('This bot does not exist.');
  await expect(alert.getByRole(...messengerScreens.tryAgain)).toBeVisible();
  await shootFrame(page, 'url-bot-unknown');
});

test('a right-to-left language lays the messenger out right to left', async ({ page }) => {
  await openHost(page, '?gleap_widget=1', {
    color: '#0a7d5a',
    headerColor: '#0a7d5a',
    localizationOptions: { rtl: true },
    staticTranslations: {
      greetingGuest: 'مرحبا',
      homeLead: 'كيف يمكننا المساعدة؟',
      homeBugTitle: 'الإبلاغ عن خطأ',
      homeBugDescription: 'شيء لا يعمل كما هو متوقع',
      homeFeedbackTitle: 'أرسل ملاحظاتك',
      homeFeedbackDescription: 'أفكار أو أي شيء آخر',
      tabHome: 'الرئيسية',
      tabMessages: 'الرسائل',
      tabHelp: 'المساعدة',
      tabNews: 'الأخبار',
    },
  });
  await expect(messengerWidget.heading(page, 'مرحبا')).toBeVisible();
  await expect(messengerWidget.frame(page).getByRole(...messengerScreens.reportABugInArabic)).toBeVisible();
  await expect(messengerWidget.frame(page).locator(messengerScreens.documentRoot)).toHaveAttribute('dir', 'rtl');
  await shootFrame(page, 'home-rtl');
});

test('Gleap.setLanguage reaches the messenger: its texts and a right-to-left layout follow the language', async ({
  page,
}) => {
  await openHost(page, '', { color: '#0a7d5a', staticTranslations: { he: { greetingGuest: 'שלום' } } });
  await callGleap(page, 'setLanguage', 'he');
  await callGleap(page, 'open');
  await expect(messengerWidget.heading(page, 'שלום')).toBeVisible();
  const html = messengerWidget.frame(page).locator(messengerScreens.documentRoot);
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'he');
});
