import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useHostChannel } from '../bridge/use-host-channel';
import { themeVariables } from '../config/messenger-config';
import { FeedbackScreen } from '../screens/feedback/feedback-screen';
import { HomeScreen } from '../screens/home/home-screen';
import { isRtlLanguage } from '../i18n/translate';
import { useT } from '../i18n/use-t';
import { LoadingState } from '../ui/async-states';
import { currentEntry, type Route } from './messenger-store';
import { TAB_SCREENS, TabBar } from './tab-bar';
import { useHeightReporter } from './use-height-reporter';
import { useMessengerState, useMessengerStore } from './use-messenger-store';

/** How long the messenger waits for the widget's answer to `ping` before it says so. */
export const HANDSHAKE_TIMEOUT_MS = 8000;

// Home and the feedback flow are what most visitors open; the screens that talk to the API (and bring the API
// client and the HTML sanitiser) load on first use.
const HelpScreen = lazy(() => import('../screens/help/help-screen').then((m) => ({ default: m.HelpScreen })));
const HelpCollectionScreen = lazy(() =>
  import('../screens/help/help-collection-screen').then((m) => ({ default: m.HelpCollectionScreen })),
);
const HelpArticleScreen = lazy(() =>
  import('../screens/help/help-article-screen').then((m) => ({ default: m.HelpArticleScreen })),
);
const HelpSearchScreen = lazy(() =>
  import('../screens/help/help-search-screen').then((m) => ({ default: m.HelpSearchScreen })),
);
const NewsScreen = lazy(() => import('../screens/news/news-screen').then((m) => ({ default: m.NewsScreen })));
const NewsArticleScreen = lazy(() =>
  import('../screens/news/news-article-screen').then((m) => ({ default: m.NewsArticleScreen })),
);
const FormByIdScreen = lazy(() =>
  import('../screens/survey/form-by-id-screen').then((m) => ({ default: m.FormByIdScreen })),
);
const ChecklistsScreen = lazy(() =>
  import('../screens/checklists/checklists-screen').then((m) => ({ default: m.ChecklistsScreen })),
);
const ChecklistScreen = lazy(() =>
  import('../screens/checklists/checklist-screen').then((m) => ({ default: m.ChecklistScreen })),
);
const FeatureRequestsScreen = lazy(() =>
  import('../screens/feature-requests/feature-requests-screen').then((m) => ({ default: m.FeatureRequestsScreen })),
);
const BotScreen = lazy(() => import('../screens/bot/bot-screen').then((m) => ({ default: m.BotScreen })));
const SurveyScreen = lazy(() => import('../screens/survey/survey-screen').then((m) => ({ default: m.SurveyScreen })));
const ConversationsScreen = lazy(() =>
  import('../screens/conversations/conversations-screen').then((m) => ({ default: m.ConversationsScreen })),
);
const ConversationScreen = lazy(() =>
  import('../screens/conversations/conversation-screen').then((m) => ({ default: m.ConversationScreen })),
);
const NewConversationScreen = lazy(() =>
  import('../screens/conversations/new-conversation-screen').then((m) => ({ default: m.NewConversationScreen })),
);

function CurrentScreen({ route }: { route: Route }) {
  switch (route.screen) {
    case 'home':
      return <HomeScreen />;
    case 'feedback':
      return route.formId ? (
        <FormByIdScreen formId={route.formId} />
      ) : (
        <FeedbackScreen feedbackType={route.feedbackType} />
      );
    case 'bot':
      return <BotScreen botId={route.botId} />;
    case 'help':
      return <HelpScreen />;
    case 'help-collection':
      return <HelpCollectionScreen collectionId={route.collectionId} />;
    case 'help-article':
      return <HelpArticleScreen articleId={route.articleId} />;
    case 'help-search':
      return <HelpSearchScreen term={route.term} />;
    case 'news':
      return <NewsScreen />;
    case 'news-article':
      return <NewsArticleScreen id={route.id} />;
    case 'conversations':
      return <ConversationsScreen />;
    case 'conversation':
      return <ConversationScreen shareToken={route.shareToken} />;
    case 'new-conversation':
      return <NewConversationScreen />;
    case 'checklists':
      return <ChecklistsScreen />;
    case 'checklist':
      return <ChecklistScreen checklistId={route.checklistId} outboundId={route.outboundId} />;
    case 'feature-requests':
      return <FeatureRequestsScreen />;
    case 'survey':
      return <SurveyScreen surveyId={route.surveyId} format={route.format} />;
  }
}

function NotEmbedded() {
  const t = useT();
  return (
    <div className="vl-empty" role="status">
      <p className="vl-empty-title">{t('notEmbedded')}</p>
      <p className="vl-muted">{t('notEmbeddedHint')}</p>
    </div>
  );
}

function Connecting() {
  const channel = useHostChannel();
  const t = useT();
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), HANDSHAKE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!late) {
    return (
      <div className="vl-empty" role="status">
        <span className="vl-spinner" aria-hidden="true" />
        <p className="vl-muted">{t('loading')}</p>
      </div>
    );
  }
  return (
    <div className="vl-empty" role="alert">
      <p className="vl-empty-title">{t('widgetSilent')}</p>
      <button type="button" className="vl-button" onClick={() => channel.send('ping')}>
        {t('tryAgain')}
      </button>
    </div>
  );
}

/** The messenger: theme from the config, one screen at a time, focus moved to each new screen's heading. */
export function App() {
  const channel = useHostChannel();
  const store = useMessengerStore();
  const config = useMessengerState((s) => s.config);
  const configReceived = useMessengerState((s) => s.configReceived);
  const entry = useMessengerState(currentEntry);
  const route = entry.route;
  const navigation = entry.key;
  const widgetOpen = useMessengerState((s) => s.widgetOpen);
  const language = useMessengerState((s) => s.language);
  const content = useRef<HTMLDivElement>(null);

  useHeightReporter(channel, content);

  useEffect(() => {
    const root = document.documentElement;
    // The config can force right-to-left; a right-to-left language gets it without configuration.
    root.dir = config.rtl || isRtlLanguage(language) ? 'rtl' : 'ltr';
    root.lang = language;
    for (const [name, value] of Object.entries(themeVariables(config))) root.style.setProperty(name, value);
  }, [config, language]);

  // Focus follows navigation and opening, never the first render (the frame may load while it is still hidden) and
  // never the closing: the host page gives focus back where it was then (widget issue 36 item 13).
  // A screen that loads with import() shows its heading later, so wait for it.
  const wasOpen = useRef(widgetOpen);
  useEffect(() => {
    const element = content.current;
    const closing = wasOpen.current && !widgetOpen;
    wasOpen.current = widgetOpen;
    if ((navigation === 0 && !widgetOpen) || closing || !element) return;
    const focusHeading = () => {
      const heading = element.querySelector<HTMLElement>('[data-screen-heading]');
      heading?.focus();
      return heading !== null;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [navigation, widgetOpen]);

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // survey_web cannot be closed (widget spec §4).
      if ((route.screen === 'feedback' || route.screen === 'survey') && route.format === 'survey_web') return;
      store.close();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [route, store]);

  let body = (
    <Suspense fallback={<LoadingState />}>
      <CurrentScreen key={navigation} route={route} />
    </Suspense>
  );
  let tabs = TAB_SCREENS.includes(route.screen);
  if (channel.hostOrigin === null) {
    body = <NotEmbedded />;
    tabs = false;
  } else if (!configReceived) {
    body = <Connecting />;
    tabs = false;
  }

  return (
    <div className={tabs ? 'vl-app vl-app-with-tabs' : 'vl-app'}>
      <div className="vl-content" ref={content}>
        <main className="vl-main">{body}</main>
        {tabs ? <TabBar current={route.screen} /> : null}
      </div>
    </div>
  );
}
