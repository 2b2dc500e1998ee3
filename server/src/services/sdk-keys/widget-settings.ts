import type { FieldErrors } from '../lib/app-error';
import { flowConfigOf } from '../feedback/widget-config';

/** Where the widget's button sits (gleap's `feedbackButtonPosition`; the widget's `BUTTON_POSITIONS`). */
export const WIDGET_POSITIONS = [
  'BOTTOM_RIGHT',
  'BOTTOM_LEFT',
  'BUTTON_CLASSIC',
  'BUTTON_CLASSIC_LEFT',
  'BUTTON_CLASSIC_BOTTOM',
  'BUTTON_NONE',
] as const;
export type WidgetPosition = (typeof WIDGET_POSITIONS)[number];

/** `auto` (the visitor's browser) or one of the widget's bundled languages (decision 0112). */
export const WIDGET_LANGUAGES = ['auto', 'en', 'hi', 'de', 'fr', 'es', 'ar'] as const;
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number];

/** What Settings edits of a key's widget config (openapi.yaml SdkWidgetConfig). */
export interface WidgetSettings {
  color: string;
  position: WidgetPosition;
  webReplays: boolean;
  networkLogs: boolean;
  language: WidgetLanguage;
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const isPosition = (value: unknown): value is WidgetPosition =>
  typeof value === 'string' && (WIDGET_POSITIONS as readonly string[]).includes(value);
const isLanguage = (value: unknown): value is WidgetLanguage =>
  typeof value === 'string' && (WIDGET_LANGUAGES as readonly string[]).includes(value);

const objectOr = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The settings of a stored config, read from the flowConfig the widget API answers (`flowConfigOf`): what Settings shows
 * is what `GET /config/{key}` gives the widget. A stored value the form cannot show reads as the default.
 */
export function widgetSettingsOf(stored: Record<string, unknown> | undefined): WidgetSettings {
  const flow = flowConfigOf(stored);
  const fallback = flowConfigOf(undefined);
  const language = objectOr(flow.localizationOptions).language;
  return {
    color:
      typeof flow.color === 'string' && HEX_COLOUR.test(flow.color) ? flow.color.toUpperCase() : String(fallback.color),
    position: isPosition(flow.feedbackButtonPosition) ? flow.feedbackButtonPosition : 'BOTTOM_RIGHT',
    webReplays: flow.enableWebReplays !== false,
    networkLogs: flow.enableNetworkLogs !== false,
    language: isLanguage(language) ? language : 'auto',
  };
}

/**
 * The stored config with the settings written in as the widget reads them: the colour as `color`, `headerColor` and
 * `buttonColor`, the position as `feedbackButtonPosition`, replays and network logs as `enableWebReplays` and
 * `enableNetworkLogs`, the language as `localizationOptions.language` (Arabic also right to left). Other stored fields
 * are kept.
 */
export function storedConfigWith(
  stored: Record<string, unknown> | undefined,
  settings: WidgetSettings,
): Record<string, unknown> {
  const localization = objectOr(stored?.localizationOptions);
  return {
    ...(stored ?? {}),
    color: settings.color,
    headerColor: settings.color,
    buttonColor: settings.color,
    feedbackButtonPosition: settings.position,
    enableWebReplays: settings.webReplays,
    enableNetworkLogs: settings.networkLogs,
    localizationOptions: { ...localization, language: settings.language, rtl: settings.language === 'ar' },
  };
}

/**
 * The settings a request's `config` gives over `current`: each field given is checked (field errors under
 * `config.<field>`); a `config` that is not an object is one error.
 */
export function readSettingsPatch(value: unknown, current: WidgetSettings, errors: FieldErrors): WidgetSettings {
  if (value === undefined) return current;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    errors.add('config', 'The widget config must be an object.');
    return current;
  }
  const patch = value as Record<string, unknown>;
  const next = { ...current };
  if (patch.color !== undefined) {
    if (typeof patch.color === 'string' && HEX_COLOUR.test(patch.color)) next.color = patch.color.toUpperCase();
    else errors.add('config.color', 'Enter a colour as #RRGGBB, for example #485BFF.');
  }
  if (patch.position !== undefined) {
    if (isPosition(patch.position)) next.position = patch.position;
    else errors.add('config.position', 'Choose one of the button positions.');
  }
  if (patch.webReplays !== undefined) {
    if (typeof patch.webReplays === 'boolean') next.webReplays = patch.webReplays;
    else errors.add('config.webReplays', 'Session replays are on or off.');
  }
  if (patch.networkLogs !== undefined) {
    if (typeof patch.networkLogs === 'boolean') next.networkLogs = patch.networkLogs;
    else errors.add('config.networkLogs', 'Network logs are on or off.');
  }
  if (patch.language !== undefined) {
    if (isLanguage(patch.language)) next.language = patch.language;
    else errors.add('config.language', 'Choose Automatic or one of the widget languages.');
  }
  return next;
}
