/**
 * The one typed map of every message that crosses a window boundary: widget <-> messenger frame, page <-> banner frame,
 * page <-> admin builder. Wire-compatible with gleap@14.2.11: each message is a JSON string `{name, data}`.
 *
 * Both sides import this file (the messenger through `@voltline/widget/protocol`), so neither can drift.
 */

/** Frame modes of the widget container. */
export const WIDGET_MODES = ['widget', 'survey', 'survey_full', 'survey_web', 'extended'] as const;
export type WidgetMode = (typeof WIDGET_MODES)[number];

/** Survey formats accepted by `start-survey`. */
export type SurveyFormat = 'survey' | 'survey_full' | 'survey_web';

/** Pages whose `page-changed` switches the widget to extended mode. */
export const EXTENDED_PAGES = ['newsdetails', 'appextended'] as const;

export type JsonObject = Record<string, unknown>;

export interface SendFeedbackData {
  formData: Record<string, unknown>;
  action: { feedbackType: string; excludeData?: Record<string, boolean> };
  outboundId?: string;
  spamToken?: string;
}

export interface TicketData {
  customData: JsonObject;
  metaData: JsonObject;
  consoleLog: unknown[];
  networkLogs: unknown[];
  customEventLog: unknown[];
  formData: JsonObject;
  tags?: string[];
}

/** The parts of a report a visitor can see in the feedback form and remove before sending (Voltline addition). */
export const CAPTURE_ITEMS = [
  'screenshot',
  'replay',
  'screenRecording',
  'consoleLog',
  'networkLogs',
  'customData',
] as const;
export type CaptureItem = (typeof CAPTURE_ITEMS)[number];

/** What the next report will carry, as the widget will send it (`capture-summary`). */
export interface CaptureSummary {
  /**
   * The page snapshot as a `data:text/html` URL for a sandboxed frame, with the viewport size and scroll position it was
   * taken at; null when no screenshot will be sent.
   */
  screenshot: { previewUrl: string; bytes: number; width: number; height: number; x: number; y: number } | null;
  replay: { eventCount: number; seconds: number; bytes: number } | null;
  /** The screen recording the report will carry (its file name: it is uploaded with the report), or null. */
  screenRecordingUrl: string | null;
  consoleLogCount: number;
  networkLogCount: number;
  customDataKeys: string[];
  /** Elements of the page whose content the redaction policy keeps out of the report. */
  maskedElementCount: number;
  /** Items the visitor removed: they are not sent. */
  removed: CaptureItem[];
  /** Set when the summary could not be made (e.g. the snapshot failed); the rest is what is known. */
  error?: string;
}

/** Messages the messenger frame sends to the widget (the host page). */
export interface FrameToWidget {
  ping: undefined;
  'play-ping': undefined;
  'open-image': { url: string };
  'page-changed': { name: string };
  'collect-ticket-data': undefined;
  'height-update': number;
  'notify-event': { type: string; data?: unknown };
  'cleanup-drawings': undefined;
  /** data is the URL; `newTab` travels beside `data` on the envelope. */
  'open-url': string;
  /** data is the action name; `shareToken` travels beside `data` on the envelope. */
  'run-custom-action': string;
  'close-widget': undefined;
  'tool-execution': unknown;
  'send-feedback': SendFeedbackData;
  /** data is the capture type: 'screenshot' | 'capture' (recording). */
  'start-screen-drawing': string;
  /**
   * Start a product tour (a checklist step's action). Not in gleap@14.2.11's frame protocol; later gleap versions
   * send this name and shape, so we use them.
   */
  'start-product-tour': { tourId: string };
  /** Voltline addition: ask for a `capture-summary` of what the next report will carry. */
  'request-capture-summary': undefined;
  /** Voltline addition: leave this item out of the next report (answered by a new `capture-summary`). */
  'remove-capture-item': { item: CaptureItem };
}

export interface FlowStartData {
  flow: string;
  hideBackButton?: boolean;
  format?: string;
}

/** `feedback-sent` of a report kept in the outbox (offline, time-out, 429, 5xx): it is sent later, by itself. */
export interface FeedbackQueued {
  queued: true;
}

/** Messages the widget sends to the messenger frame. */
export interface WidgetToFrame {
  'widget-status-update': { isWidgetOpen: boolean };
  'session-update': { sessionData: JsonObject | null; apiUrl: string; sdkKey: string };
  'config-update': { config: JsonObject; aiTools: unknown[]; overrideLanguage: string };
  'collect-ticket-data': TicketData;
  /**
   * The server's answer to `POST /bugs/v2` (gleap's wire), or, a Voltline addition, `FeedbackQueued` when the report
   * could not be sent now and waits in the widget's outbox: a messenger should say it is saved and will be sent.
   */
  'feedback-sent': unknown;
  /** The §8 text: the report was refused for good and nothing was kept. */
  'feedback-sending-failed': string;
  'prefill-form-data': Record<string, unknown>;
  'session-cleared': undefined;
  /**
   * Voltline addition: a WebSocket `update` ({a, u}) forwarded while the frame is open, so open conversations fetch
   * new messages without reload. gleap@14.2.11 does not send it; a messenger must not depend on it to work.
   */
  'server-update': { u?: number };
  /** Voltline addition: answer to `request-capture-summary` and `remove-capture-item`. */
  'capture-summary': CaptureSummary;
  'set-form-data': { formKey: string; data: { value: unknown; dirty: boolean } };
  'start-feedbackflow': FlowStartData;
  'start-survey': FlowStartData;
  'start-bot': { botId: string; hideBackButton?: boolean };
  'open-conversations': { hideBackButton?: boolean };
  'open-conversation': { shareToken: string; hideBackButton?: boolean };
  'open-help-collection': { collectionId: string; hideBackButton?: boolean };
  'open-help-article': { articleId: string; hideBackButton?: boolean };
  'open-helpcenter': { hideBackButton?: boolean };
  'open-helpcenter-search': { term: string; hideBackButton?: boolean };
  'open-news': { hideBackButton?: boolean };
  'open-news-article': { id: string; hideBackButton?: boolean };
  'open-checklists': { hideBackButton?: boolean };
  'open-checklist': { id: string; hideBackButton?: boolean };
  'start-checklist': { outboundId: string; hideBackButton?: boolean };
  'open-feature-requests': { hideBackButton?: boolean };
}

/** Banner frame -> page. */
export interface BannerToPage {
  'banner-loaded': undefined;
  'banner-height': { height: number };
  'banner-data-set': undefined;
  'banner-close': undefined;
  'start-conversation': { botId?: string };
  'start-custom-action': { action: string };
  'show-form': { formId: string };
  'show-survey': { formId: string; surveyFormat?: SurveyFormat };
  'show-news-article': { articleId: string };
  'show-help-article': { articleId: string };
  'show-checklist': { checklistId: string };
}

/** Page -> banner frame (sent with `type: 'banner'`). */
export interface PageToBanner {
  'banner-data': JsonObject;
}

/** Admin builder iframe (type `tourbuilder`) -> page. */
export interface BuilderToPage {
  loaddata: unknown;
  'highlight-element': { selector: string };
  'smartlink-search': unknown;
  'product-tour-started': unknown;
  save: unknown;
  'update-steps': unknown;
  click: { selector: string };
  'status-changed': BuilderStatus;
}

/**
 * Statuses of the admin builder: `navigate` and `picker` show its frame 65 px high, `editor` full height, `loading` (the
 * page's own until the builder frame reports a status) hides it.
 */
export type BuilderStatus = 'navigate' | 'picker' | 'editor' | 'loading';

/** The builder window that opened the page (`window.opener`, type `admin`) -> page. */
export interface OpenerToPage {
  /** The builder's config: `type: 'tooltips'` opens the tooltip builder, anything else the product tour builder. */
  load: JsonObject;
  'smartlink-search-result': unknown;
}

/** Page -> the builder window that opened it (type `admin`). */
export interface PageToOpener {
  init: undefined;
  'smartlink-search': unknown;
  'product-tour-started': unknown;
  save: unknown;
  'update-steps': unknown;
}

/** Page -> admin builder iframe. */
export interface PageToBuilder {
  'page-changed': { page: string };
  'element-picked': { selector: string };
  'smartlink-search-result': unknown;
  data: JsonObject;
}

/** The envelope on the wire. Extra fields (`newTab`, `shareToken`, `type`) ride beside `data`. */
export interface Envelope<M, K extends keyof M = keyof M> {
  name: K;
  data: M[K];
  [extra: string]: unknown;
}

export type MessageOf<M> = { [K in keyof M]: Envelope<M, K> }[keyof M];

const FRAME_TO_WIDGET_NAMES: ReadonlyArray<keyof FrameToWidget> = [
  'ping',
  'play-ping',
  'open-image',
  'page-changed',
  'collect-ticket-data',
  'height-update',
  'notify-event',
  'cleanup-drawings',
  'open-url',
  'run-custom-action',
  'close-widget',
  'tool-execution',
  'send-feedback',
  'start-screen-drawing',
  'start-product-tour',
  'request-capture-summary',
  'remove-capture-item',
];

const WIDGET_TO_FRAME_NAMES: ReadonlyArray<keyof WidgetToFrame> = [
  'widget-status-update',
  'session-update',
  'config-update',
  'collect-ticket-data',
  'feedback-sent',
  'feedback-sending-failed',
  'prefill-form-data',
  'session-cleared',
  'server-update',
  'capture-summary',
  'set-form-data',
  'start-feedbackflow',
  'start-survey',
  'start-bot',
  'open-conversations',
  'open-conversation',
  'open-help-collection',
  'open-help-article',
  'open-helpcenter',
  'open-helpcenter-search',
  'open-news',
  'open-news-article',
  'open-checklists',
  'open-checklist',
  'start-checklist',
  'open-feature-requests',
];

const BANNER_TO_PAGE_NAMES: ReadonlyArray<keyof BannerToPage> = [
  'banner-loaded',
  'banner-height',
  'banner-data-set',
  'banner-close',
  'start-conversation',
  'start-custom-action',
  'show-form',
  'show-survey',
  'show-news-article',
  'show-help-article',
  'show-checklist',
];

/** Every message name per direction, for guards and for tests that prove each one is handled. */
export const MESSAGE_NAMES = {
  frameToWidget: FRAME_TO_WIDGET_NAMES,
  widgetToFrame: WIDGET_TO_FRAME_NAMES,
  bannerToPage: BANNER_TO_PAGE_NAMES,
} as const;

/** Serialise a message for postMessage (the wire carries JSON strings). */
export function encodeMessage<M, K extends keyof M>(name: K, data: M[K], extra?: Record<string, unknown>): string {
  return JSON.stringify({ ...extra, name, data });
}

/**
 * Parse a raw postMessage payload into an envelope of the given direction, or `null` when it is not one of ours.
 * This is the only place that unpacks `{name, data}`.
 */
export function decodeMessage<M>(raw: unknown, names: ReadonlyArray<keyof M>): MessageOf<M> | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const name = (value as { name?: unknown }).name;
  if (typeof name !== 'string' || !(names as ReadonlyArray<string>).includes(name)) return null;
  return value as MessageOf<M>;
}

export function isFrameToWidget(raw: unknown): MessageOf<FrameToWidget> | null {
  return decodeMessage<FrameToWidget>(raw, FRAME_TO_WIDGET_NAMES);
}

export function isWidgetToFrame(raw: unknown): MessageOf<WidgetToFrame> | null {
  return decodeMessage<WidgetToFrame>(raw, WIDGET_TO_FRAME_NAMES);
}

export function isBannerToPage(raw: unknown): MessageOf<BannerToPage> | null {
  return decodeMessage<BannerToPage>(raw, BANNER_TO_PAGE_NAMES);
}
