import type { FlowStartData, WidgetToFrame } from '@voltline/widget/protocol';
import type { HostChannel } from '../bridge/host-channel';
import { DEFAULT_CONFIG, type MessengerConfig, readMessengerConfig } from '../config/messenger-config';
import { type FeedbackType, resolveFlow } from '../screens/feedback/feedback-flows';

export type Route =
  | { screen: 'home' }
  | {
      screen: 'feedback';
      flow: string;
      feedbackType: FeedbackType;
      formId?: string;
      hideBackButton: boolean;
      format?: string;
    }
  | { screen: 'unavailable'; title: string; hideBackButton: boolean };

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
  /** False until the first `config-update`: screens show a loading state instead of default colours flashing. */
  configReceived: boolean;
  session: SessionInfo | null;
  route: Route;
  /** Increases on every navigation; screens are keyed by it so reopening a flow starts fresh. */
  navigation: number;
  /** Values from `prefill-form-data`, applied to the next form that opens. */
  prefill: Record<string, unknown>;
  widgetOpen: boolean;
}

/** Screens that a widget -> frame message can open but that this build does not have yet. */
export const PENDING_SCREENS = {
  'start-survey': 'Survey',
  'start-bot': 'Chat',
  'open-conversations': 'Conversations',
  'open-conversation': 'Conversation',
  'open-help-collection': 'Help center',
  'open-help-article': 'Help center',
  'open-helpcenter': 'Help center',
  'open-helpcenter-search': 'Help center',
  'open-news': 'News',
  'open-news-article': 'News',
  'open-checklists': 'Checklists',
  'open-checklist': 'Checklists',
  'start-checklist': 'Checklists',
  'open-feature-requests': 'Feature requests',
} as const satisfies Partial<Record<keyof WidgetToFrame, string>>;

export interface MessengerStore {
  getState(): MessengerState;
  subscribe(listener: () => void): () => void;
  /** Open a feedback flow and tell the widget (`notify-event` flow-started). */
  openFlow(flow: string, options?: Omit<FlowStartData, 'flow'>): void;
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

/**
 * The messenger's headless controller: it owns the channel subscriptions (config, session, navigation messages)
 * and holds what every screen reads. Created before React renders, so no message after `ping` is missed.
 */
export function createMessengerStore(channel: HostChannel): MessengerStore {
  let state: MessengerState = {
    config: DEFAULT_CONFIG,
    configReceived: false,
    session: null,
    route: { screen: 'home' },
    navigation: 0,
    prefill: {},
    widgetOpen: false,
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<MessengerState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const navigate = (route: Route) => set({ route, navigation: state.navigation + 1 });

  const store: MessengerStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    openFlow(flow, options = {}) {
      const resolved = resolveFlow(flow);
      navigate({
        screen: 'feedback',
        ...resolved,
        hideBackButton: options.hideBackButton === true,
        format: options.format,
      });
      channel.send('notify-event', { type: 'flow-started', data: { flow: resolved.flow } });
    },
    goHome: () => navigate({ screen: 'home' }),
    close: () => {
      channel.send('close-widget');
    },
    dispose: () => {
      for (const off of offs) off();
    },
  };

  const offs = [
    channel.on('config-update', (data) => set({ config: readMessengerConfig(data.config), configReceived: true })),
    channel.on('session-update', (data) => set({ session: readSession(data) })),
    channel.on('session-cleared', () => set({ session: null, prefill: {} })),
    channel.on('widget-status-update', (data) => set({ widgetOpen: data.isWidgetOpen })),
    channel.on('prefill-form-data', (data) => set({ prefill: { ...state.prefill, ...data } })),
    channel.on('start-feedbackflow', (data) => store.openFlow(data.flow, data)),
    ...(Object.keys(PENDING_SCREENS) as (keyof typeof PENDING_SCREENS)[]).map((name) =>
      channel.on(name, (data) =>
        navigate({
          screen: 'unavailable',
          title: PENDING_SCREENS[name],
          hideBackButton: (data as { hideBackButton?: boolean } | undefined)?.hideBackButton === true,
        }),
      ),
    ),
  ];

  return store;
}
