import { DEFAULT_HOSTS } from './constants';

export type UrlHandler = (url: string, newTab?: boolean) => void;
export type CustomActionCallback = (action: { name: string; shareToken?: string }) => void;

/** Everything the integrator sets before or after `initialize`. One mutable object keeps the core small. */
export const settings = {
  sdkKey: '',
  apiUrl: DEFAULT_HOSTS.api as string,
  wsUrl: DEFAULT_HOSTS.ws as string,
  frameUrl: DEFAULT_HOSTS.frame as string,
  bannerUrl: DEFAULT_HOSTS.banner as string,
  soundUrl: DEFAULT_HOSTS.sound as string,
  /** The admin builder's URL; empty: gleap's (`tours/builder/constants.ts`, kept out of the core). */
  builderUrl: '',
  language: '',
  offline: false,
  liveSite: undefined as boolean | undefined,
  useCookies: false,
  environment: 'prod',
  tags: [] as string[],
  customData: {} as Record<string, unknown>,
  ticketAttributes: {} as Record<string, unknown>,
  buildNumber: '',
  versionCode: '',
  aiTools: [] as unknown[],
  shortcuts: undefined as boolean | undefined,
  disablePageTracking: false,
  disableInAppNotifications: false,
  showTabBadge: false,
  playSound: true,
  nonce: '',
  urlHandler: undefined as UrlHandler | undefined,
  customActions: [] as CustomActionCallback[],
  preFill: {} as Record<string, unknown>,
  replayOptions: {} as Record<string, unknown>,
  startedAt: Date.now(),
};

/** Lower-cased language: the set one, else the browser's. */
export function currentLang(): string {
  const nav = typeof navigator !== 'undefined' ? navigator.language : '';
  return (settings.language || nav || 'en').toLowerCase();
}

/** Strip a trailing slash so paths join cleanly. */
export function trimUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Origin of a URL, or '' when it cannot be parsed. */
export function originOf(url: string): string {
  try {
    return new URL(url, typeof location !== 'undefined' ? location.href : undefined).origin;
  } catch {
    return '';
  }
}

/** Seconds since the widget started, rounded as gleap rounds them (ping `time`, metadata `sessionDuration`). */
export function sessionDurationSeconds(now = Date.now()): number {
  return Math.round((now - settings.startedAt) / 1000);
}
