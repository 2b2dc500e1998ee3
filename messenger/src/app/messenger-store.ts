import type { FlowStartData, WidgetToFrame } from '@voltline/widget/protocol';
import type { HostChannel } from '../bridge/host-channel';
import { DEFAULT_CONFIG, type MessengerConfig, readMessengerConfig } from '../config/messenger-config';
import { type FeedbackType, resolveFlow } from '../screens/feedback/feedback-flows';

export type Route =
  | { screen: 'home' }
  | { screen: 'feedback'; flow: string; feedbackType: FeedbackType; formId?: string; format?: string }
  | { screen: 'bot'; botId: string }
  | { screen: 'help' }
  | { screen: 'help-collection'; collectionId: string }
  | { screen: 'help-article'; articleId: string }
  | { screen: 'help-search'; term: string }
  | { screen: 'news' }
  | { screen: 'news-article'; id: string }
  | { screen: 'conversations' }
  | { screen: 'conversation'; shareToken: string }
  | { screen: 'new-conversation' }
  | { screen: 'survey'; surveyId: string; format: string }
  | { screen: 'checklists' }
  | { screen: 'feature-requests' }
  | { screen: 'checklist'; checklistId?: string; outboundId?: string };

export type ScreenName = Route['screen'];

export interface HistoryEntry {
  route: Route;
  /** Unique per visit: screens are keyed by it, so reopening a screen starts fresh. */
  key: number;
  /** Set when the widget opened this screen with hideBackButton: there is no way back from it. */
  hideBackButton: boolean;
}

export interface SessionInfo {
  name: string;
  email: string;
  apiUrl: string;
  sdkKey: string;
  gleapId?: string;
  gleapHash?: string;
}

export interface MessengerState {
  config: MessengerConfig;
  /** The raw flow config, for screens that read their own settings (home menu items). */
  flowConfig: Record<string, unknown>;
  /** False until the first `config-update`: screens show a loading state instead of default colours flashing. */
  configReceived: boolean;
  /** The visitor's language for server content: `overrideLanguage`, else the browser's. */
  language: string;
  session: SessionInfo | null;
  /** Where the Widget API is, from every `session-update`, also while there is no session yet. */
  endpoint: { apiUrl: string; sdkKey: string } | null;
  /** Navigation history; the last entry is on screen. Never empty. */
  history: HistoryEntry[];
  /** Values from `prefill-form-data`, applied to the next form that opens. */
  prefill: Record<string, unknown>;
  widgetOpen: boolean;
}

/** The name sent with `page-changed`; the widget switches to extended mode on `newsdetails`. */
export const PAGE_NAMES: Record<ScreenName, string> = {
  home: 'menu',
  feedback: 'flow',
  bot: 'bot',
  help: 'helpcenter',
  'help-collection': 'helpcollection',
  'help-article': 'helparticle',
  'help-search': 'helpsearch',
  news: 'news',
  'news-article': 'newsdetails',
  conversations: 'conversations',
  conversation: 'conversation',
  'new-conversation': 'conversation',
  survey: 'survey',
  checklists: 'checklists',
  'feature-requests': 'featurerequests',
  checklist: 'checklist',
};

export interface NavigateOptions {
  hideBackButton?: boolean;
  /** Start a new history from home (screens opened by the widget), instead of stacking on the current one. */
  fromHome?: boolean;
}

export interface MessengerStore {
  getState(): MessengerState;
  subscribe(listener: () => void): () => void;
  navigate(route: Route, options?: NavigateOptions): void;
  /** Put `route` in place of the screen on display (a new conversation becomes that conversation). */
  replace(route: Route): void;
  /** Open a feedback flow and tell the widget (`notify-event` flow-started). */
  openFlow(flow: string, options?: Omit<FlowStartData, 'flow'> & { fromHome?: boolean }): void;
  /** One step back; home when there is nothing before. */
  back(): void;
  goHome(): void;
  /** Close the widget. */
  close(): void;
  /** Detach from the channel. */
  dispose(): void;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function readSession(data: WidgetToFrame['session-update']): SessionInfo | null {
  const s = data.sessionData;
  if (!s) return null;
  return {
    name: text(s.name),
    email: text(s.email),
    apiUrl: data.apiUrl,
    sdkKey: data.sdkKey,
    gleapId: text(s.gleapId) || undefined,
    gleapHash: text(s.gleapHash) || undefined,
  };
}

function readFlowConfig(config: unknown): Record<string, unknown> {
  if (typeof config !== 'object' || config === null) return {};
  const flow = (config as { flowConfig?: unknown }).flowConfig;
  return typeof flow === 'object' && flow !== null
    ? (flow as Record<string, unknown>)
    : (config as Record<string, unknown>);
}

function browserLanguage(): string {
  return typeof navigator === 'undefined' ? 'en' : (navigator.language || 'en').toLowerCase();
}

/** The entry on screen. */
export function currentEntry(state: MessengerState): HistoryEntry {
  return state.history[state.history.length - 1] ?? { route: { screen: 'home' }, key: 0, hideBackButton: false };
}

/** Whether the screen on display offers a way back. */
export function canGoBack(state: MessengerState): boolean {
  const entry = currentEntry(state);
  return !entry.hideBackButton && entry.route.screen !== 'home';
}

/**
 * The messenger's headless controller: it owns the channel subscriptions (config, session, navigation messages)
 * and holds what every screen reads. Created before React renders, so no message after `ping` is missed.
 */
export function createMessengerStore(channel: HostChannel): MessengerStore {
  let nextKey = 1;
  let state: MessengerState = {
    config: DEFAULT_CONFIG,
    flowConfig: {},
    configReceived: false,
    language: browserLanguage(),
    session: null,
    endpoint: null,
    history: [{ route: { screen: 'home' }, key: 0, hideBackButton: false }],
    prefill: {},
    widgetOpen: false,
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<MessengerState>) => {
    const before = currentEntry(state).route.screen;
    state = { ...state, ...patch };
    const after = currentEntry(state).route.screen;
    if (patch.history && PAGE_NAMES[before] !== PAGE_NAMES[after]) {
      channel.send('page-changed', { name: PAGE_NAMES[after] });
    }
    for (const listener of listeners) listener();
  };
  const entry = (route: Route, hideBackButton = false): HistoryEntry => ({ route, key: nextKey++, hideBackButton });
  const home = (): HistoryEntry => entry({ screen: 'home' });

  const store: MessengerStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(route, options = {}) {
      const next = entry(route, options.hideBackButton === true);
      if (route.screen === 'home') set({ history: [next] });
      else if (options.fromHome) set({ history: next.hideBackButton ? [next] : [home(), next] });
      else set({ history: [...state.history, next] });
    },
    replace(route) {
      const top = currentEntry(state);
      set({ history: [...state.history.slice(0, -1), entry(route, top.hideBackButton)] });
    },
    openFlow(flow, options = {}) {
      const resolved = resolveFlow(flow);
      store.navigate(
        { screen: 'feedback', ...resolved, format: options.format },
        { hideBackButton: options.hideBackButton, fromHome: options.fromHome },
      );
      channel.send('notify-event', { type: 'flow-started', data: { flow: resolved.flow } });
    },
    back() {
      if (!canGoBack(state)) return;
      set({ history: state.history.length > 1 ? state.history.slice(0, -1) : [home()] });
    },
    goHome: () => set({ history: [home()] }),
    close: () => {
      channel.send('close-widget');
    },
    dispose: () => {
      for (const off of offs) off();
    },
  };

  // A screen opened by the widget starts a fresh history from home, so back leads home, as in the widget's own menu.
  const open = (route: Route, data: { hideBackButton?: boolean } | undefined) =>
    store.navigate(route, { hideBackButton: data?.hideBackButton === true, fromHome: true });

  const offs = [
    channel.on('config-update', (data) =>
      set({
        config: readMessengerConfig(data.config),
        flowConfig: readFlowConfig(data.config),
        configReceived: true,
        language: data.overrideLanguage ? data.overrideLanguage.toLowerCase() : state.language,
      }),
    ),
    channel.on('session-update', (data) => {
      const before = state.endpoint;
      // Keep the same object when nothing changed, so screens do not reload on every session update.
      const same = before?.apiUrl === data.apiUrl && before?.sdkKey === data.sdkKey;
      const endpoint = data.apiUrl ? (same ? before : { apiUrl: data.apiUrl, sdkKey: data.sdkKey }) : null;
      set({ session: readSession(data), endpoint });
    }),
    channel.on('session-cleared', () => set({ session: null, prefill: {}, history: [home()] })),
    channel.on('widget-status-update', (data) => set({ widgetOpen: data.isWidgetOpen })),
    channel.on('prefill-form-data', (data) => set({ prefill: { ...state.prefill, ...data } })),
    channel.on('start-feedbackflow', (data) => store.openFlow(data.flow, { ...data, fromHome: true })),
    channel.on('open-helpcenter', (data) => open({ screen: 'help' }, data)),
    // Empty ids and terms do nothing (widget spec §5).
    channel.on('open-help-collection', (data) => {
      if (data.collectionId) open({ screen: 'help-collection', collectionId: data.collectionId }, data);
    }),
    channel.on('open-help-article', (data) => {
      if (data.articleId) open({ screen: 'help-article', articleId: data.articleId }, data);
    }),
    channel.on('open-helpcenter-search', (data) => {
      if (data.term) open({ screen: 'help-search', term: data.term }, data);
    }),
    channel.on('open-news', (data) => open({ screen: 'news' }, data)),
    channel.on('open-news-article', (data) => {
      if (data.id) open({ screen: 'news-article', id: data.id }, data);
    }),
    channel.on('open-conversations', (data) => open({ screen: 'conversations' }, data)),
    channel.on('open-conversation', (data) => {
      if (data.shareToken) open({ screen: 'conversation', shareToken: data.shareToken }, data);
    }),
    channel.on('open-feature-requests', (data) => open({ screen: 'feature-requests' }, data)),
    channel.on('open-checklists', (data) => open({ screen: 'checklists' }, data)),
    channel.on('open-checklist', (data) => {
      if (data.id) open({ screen: 'checklist', checklistId: data.id }, data);
    }),
    channel.on('start-checklist', (data) => {
      if (data.outboundId) open({ screen: 'checklist', outboundId: data.outboundId }, data);
    }),
    // The flow id of start-survey is the survey's outbound id.
    channel.on('start-survey', (data) => {
      if (data.flow) open({ screen: 'survey', surveyId: data.flow, format: data.format || 'survey' }, data);
    }),
    // An empty bot id is gleap's "start a conversation" (Gleap.startConversation, gleap_conversation=true).
    channel.on('start-bot', (data) =>
      open(data.botId ? { screen: 'bot', botId: data.botId } : { screen: 'new-conversation' }, data),
    ),
  ];

  return store;
}
