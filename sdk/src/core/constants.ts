/**
 * Every business constant of spec §9 that the widget core uses, in one table (tests pin each value). The frame's layout
 * widths are in `ui/frame-styles.ts`, the lazy stylesheet that alone uses them.
 */
export const SDK_VERSION = '14.2.11';
export const SDK_TYPE = 'javascript';
export const LOG_BUFFER_SIZE = 500;
export const LOG_MESSAGE_MAX = 1000;
export const CLICK_TEXT_MAX = 40;
export const NETWORK_DEFAULT_MAX = 30;
export const NETWORK_HARD_CAP = 70;
/** "About 0.15 MB". */
export const NETWORK_BODY_LIMIT = 150_000;
export const PAGE_VIEW_INTERVAL_MS = 1000;
export const PING_INTERVAL_MS = 2500;
export const PING_MAX_ERRORS = 2;
export const PING_ERROR_RESET_MS = 60_000;
export const WS_KEEPALIVE_MS = 10_000;
export const WS_RECONNECT_MS = 5000;
export const SESSION_RESTART_BASE_MS = 10_000;
export const COOKIE_DAYS = 365;
export const READY_OPEN_DELAY_MS = 300;
export const ANIMATE_DELAY_MS = 500;
export const SILENT_CRASH_REARM_MS = 10_000;
export const LANGUAGE_REINIT_MS = 1000;
export const FEEDBACK_FAILED_TEXT = 'Something went wrong, please try again.';
export const SESSION_NOT_READY = 'Session not ready yet.';

/** Flow-config defaults of spec §3. */
export const DEFAULT_FLOW_CONFIG = {
  color: '#485BFF',
  headerColor: '#485BFF',
  buttonColor: '#485BFF',
  backgroundColor: '#FFFFFF',
  borderRadius: 20,
  buttonX: 20,
  buttonY: 20,
  feedbackButtonPosition: 'BOTTOM_RIGHT',
} as const;

/** Button placements (gleap's `feedbackButtonPosition` values). */
export const BUTTON_POSITIONS = {
  bottomRight: 'BOTTOM_RIGHT',
  bottomLeft: 'BOTTOM_LEFT',
  classic: 'BUTTON_CLASSIC',
  classicLeft: 'BUTTON_CLASSIC_LEFT',
  classicBottom: 'BUTTON_CLASSIC_BOTTOM',
  none: 'BUTTON_NONE',
} as const;

export const DEFAULT_HOSTS = {
  api: 'https://api.gleap.io',
  ws: 'wss://ws.gleap.io',
  frame: 'https://messenger-app.gleap.io',
  banner: 'https://outboundmedia.gleap.io',
  sound: 'https://js.gleap.io/res/ping.mp3',
} as const;

/** Every Widget API call gives up after this long (a hanging call must not leave the visitor on "Sending…"). */
export const API_TIMEOUT_MS = 15_000;
