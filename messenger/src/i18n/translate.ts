/**
 * The messenger's own UI text, in English. `flowConfig.staticTranslations` replaces any of them by key, so an
 * integrator can translate or reword the frame without a new build; `{name}` placeholders are filled by `t()`.
 */
export const TEXTS = {
  back: 'Back',
  close: 'Close',
  loading: 'Loading…',
  errorTitle: 'Something went wrong',
  tryAgain: 'Try again',
  widgetSilent: 'The widget does not answer.',
  notEmbedded: 'The messenger opens inside the Voltline widget.',
  notEmbeddedHint: 'Open it from a website that uses the widget.',
  tabsLabel: 'Messenger',
  tabHome: 'Home',
  tabMessages: 'Messages',
  tabHelp: 'Help',
  tabNews: 'News',
  greeting: 'Hi {name}',
  greetingGuest: 'Hi there',
  homeLead: 'How can we help?',
  homeTeam: 'The {team} team is here for you.',
  homeActionsLabel: 'Ways to reach us',
  homeBugTitle: 'Report a bug',
  homeBugDescription: 'Something does not work as expected',
  homeFeedbackTitle: 'Send feedback',
  homeFeedbackDescription: 'Ideas, praise or anything else on your mind',
  homeConversationsTitle: 'Send us a message',
  homeConversationsDescription: 'We usually answer within a day',
  homeBotTitle: 'Chat with us',
  homeBotDescription: 'Our assistant answers right away',
  homeHelpTitle: 'Search for help',
  homeHelpDescription: 'Answers to common questions',
  homeNewsTitle: 'Latest news',
  homeNewsDescription: 'What is new in the product',
  homeChecklistsTitle: 'Get started',
  homeChecklistsDescription: 'Your checklists',
  homeLinkTitle: 'Open link',
  homeMoreTitle: 'More',
  helpCenter: 'Help center',
  search: 'Search',
  news: 'News',
  messages: 'Messages',
  newConversation: 'New conversation',
  checklists: 'Checklists',
  checklist: 'Checklist',
  featureRequests: 'Feature requests',
  form: 'Form',
  botTitle: 'Chat',
  botLog: 'Conversation with {bot}',
  botTyping: '{bot} is typing…',
  botChoices: 'Choose an answer',
  botAnswer: 'Your answer',
  botSend: 'Send',
  botAnswerRequired: 'Please type an answer.',
  botEmailInvalid: 'Please enter a valid e-mail address.',
  botTicketCreated: 'Ticket {id} was created.',
  botOpenTicket: 'Open the ticket conversation',
  botHandoff: 'Someone from the team is joining.',
  botOpenConversation: 'Continue the conversation',
  botEnded: 'The chat has ended.',
  botRestart: 'Start again',
  stepDone: '(done)',
  stepToDo: '(to do)',
  stepsProgress: '{done} of {total} steps done',
  stepsAllDone: 'All steps done',
  markDone: 'Mark "{step}" as done',
  markDoneLabel: 'Mark as done',
  saving: 'Saving…',
  stepOpen: 'Open',
  you: 'You',
  botTag: 'Bot',
  conversation: 'Conversation',
  noMessages: 'No messages yet. Write the first one.',
  notConnected: 'Not connected yet, please try again.',
  noConversations: 'No conversations yet.',
  noConversationsHint: 'When you write to the team, the conversation shows up here.',
  attachFile: 'Attach a file',
  attachedFiles: 'Attached files',
  writeMessage: 'Write a message…',
  sendMessage: 'Send message',
  noNews: 'No news yet.',
  noNewsHint: 'Updates from the team will appear here.',
  noHelp: 'No help articles yet.',
  noHelpHint: 'When the team publishes articles, you will find them here.',
  collections: 'Collections',
  oneArticle: '1 article',
  articles: '{count} articles',
  noCollectionArticles: 'This collection has no articles yet.',
  searching: 'Searching…',
  searchForHelp: 'Search for help',
  noResults: 'No results for “{term}”',
  noResultsHint: 'Try other words, or write to us.',
  noChecklists: 'No checklists yet.',
  noChecklistsHint: 'Checklists the team shares with you appear here.',
  survey: 'Survey',
  loadingSurvey: 'Loading the survey…',
  loadingForm: 'Loading the form…',
  questionProgress: 'Question {current} of {total}',
  next: 'Next',
  send: 'Send',
  sending: 'Sending…',
  notSent: 'The messenger is not connected to the widget, so nothing was sent.',
  sendFailed: 'Something went wrong, please try again.',
  feedbackBugTitle: 'Report a bug',
  feedbackTitle: 'Send feedback',
  feedbackBugPlaceholder: 'What happened? What did you expect instead?',
  feedbackPlaceholder: 'What would you like to tell us?',
  thankYou: 'Thank you!',
  feedbackBugThanks: 'We received your report and will look into it.',
  feedbackThanks: 'We received your feedback and will read it carefully.',
  savedTitle: 'Saved, not sent yet',
  savedForLater:
    'We could not reach our server just now. It is kept in this browser and will be sent by itself as soon as possible.',
  description: 'Description',
  email: 'E-mail',
  emailHint: 'So that we can answer you.',
  attach: 'Attach',
  captureScreenshot: 'Screenshot',
  captureRecording: 'Screen recording',
  captureNothing: 'Nothing',
  captureWaiting: '{capture}: finish it on the page, then come back here.',
  captureAttached: '{capture} attached.',
  captureCancelled: 'Capture cancelled: nothing is attached.',
  descriptionRequired: 'Please describe what happened.',
  descriptionTooShort: 'Please write at least {min} characters.',
  emailInvalid: 'Enter a valid e-mail address, like name@example.com.',
  cpTitle: 'What will be sent',
  cpPreparing: 'Preparing the preview…',
  cpUnavailable: 'The preview is not available: the page did not describe what it will send.',
  cpError: '{error}: the report cannot include a screenshot.',
  cpNothing: 'Only your message and the page address.',
  cpScreenshot: 'Screenshot',
  cpScreenshotDetail: 'of this page, {size}',
  cpScreenshotFrame: 'Screenshot preview',
  cpReplay: 'Session replay',
  cpReplayDetail: 'last {seconds}, {events}',
  cpRecording: 'Screen recording',
  cpRecordingDetail: 'your recording',
  cpConsole: 'Console log',
  cpNetwork: 'Network log',
  cpCustomData: 'Custom data',
  cpRemove: 'Remove',
  cpRemoveItem: 'Remove {item}',
  cpRemoved: 'removed, not sent',
  cpSecond: '{count} second',
  cpSeconds: '{count} seconds',
  cpEvent: '{count} event',
  cpEvents: '{count} events',
  cpEntry: '{count} entry',
  cpEntries: '{count} entries',
  cpRequest: '{count} request',
  cpRequests: '{count} requests',
  cpMaskedOne: '1 field or area of the page is masked and never sent.',
  cpMaskedMany: '{count} fields and areas of the page are masked and never sent.',
} as const;

export type TextKey = keyof typeof TEXTS;
export type Translate = (key: TextKey, values?: Record<string, string | number>) => string;

/** Languages written right to left (base codes). */
export const RTL_LANGUAGES = ['ar', 'fa', 'he', 'ur', 'ps', 'ku', 'yi', 'dv'] as const;

/** Whether a language (`ar`, `he-il`, …) is written right to left. */
export function isRtlLanguage(language: string): boolean {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return (RTL_LANGUAGES as readonly string[]).includes(base);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The texts that `staticTranslations` gives for a language. The server usually sends them flat, already in the
 * language the config was asked for (`{back: 'Zurück'}`); a config that carries several languages nests them
 * (`{de: {back: 'Zurück'}}`), and then the exact language wins over its base (`de-at`, then `de`).
 */
export function readTranslations(staticTranslations: unknown, language: string): Record<string, string> {
  if (!isRecord(staticTranslations)) return {};
  const lang = language.toLowerCase();
  const base = lang.split(/[-_]/)[0] ?? lang;
  const nested = [staticTranslations[lang], staticTranslations[base]].filter(isRecord);
  const out: Record<string, string> = {};
  for (const source of [staticTranslations, ...nested.reverse()]) {
    for (const [key, value] of Object.entries(source)) if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/** `t(key, values)`: the translated text (or the English one), with `{name}` placeholders filled in. */
export function createTranslator(translations: Record<string, string>): Translate {
  return (key, values) => {
    const template = translations[key] || TEXTS[key];
    if (!values) return template;
    return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
  };
}
