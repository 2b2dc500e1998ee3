/** Defaults of the flow config (widget spec §3 and §9). */
export const CONFIG_DEFAULTS = {
  color: '#485BFF',
  headerColor: '#485BFF',
  buttonColor: '#485BFF',
  backgroundColor: '#FFFFFF',
  borderRadius: 20,
} as const;

/** Above this brightness (0-255, YIQ weights) a colour gets dark text, at or below it light text (spec §9). */
export const BRIGHTNESS_THRESHOLD = 160;

export const DARK_TEXT = '#000000';
export const LIGHT_TEXT = '#FFFFFF';

export interface MessengerConfig {
  color: string;
  headerColor: string;
  buttonColor: string;
  backgroundColor: string;
  borderRadius: number;
  rtl: boolean;
}

export const DEFAULT_CONFIG: MessengerConfig = { ...CONFIG_DEFAULTS, rtl: false };

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readColor(value: unknown, fallback: string): string {
  return typeof value === 'string' && HEX.test(value.trim()) ? value.trim() : fallback;
}

function readRadius(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : CONFIG_DEFAULTS.borderRadius;
}

/**
 * The messenger's look from a `config-update` message's `config`: the flow config may sit at the top level or
 * under `flowConfig` (the widget forwards the server's config object as it is). Bad or missing values fall back to
 * the spec defaults, so a broken config never leaves the frame unreadable.
 */
export function readMessengerConfig(config: unknown): MessengerConfig {
  const root = isRecord(config) ? config : {};
  const flow = isRecord(root.flowConfig) ? root.flowConfig : root;
  const localization = isRecord(flow.localizationOptions) ? flow.localizationOptions : {};
  return {
    color: readColor(flow.color, CONFIG_DEFAULTS.color),
    headerColor: readColor(flow.headerColor, CONFIG_DEFAULTS.headerColor),
    buttonColor: readColor(flow.buttonColor, CONFIG_DEFAULTS.buttonColor),
    backgroundColor: readColor(flow.backgroundColor, CONFIG_DEFAULTS.backgroundColor),
    borderRadius: readRadius(flow.borderRadius),
    rtl: localization.rtl === true,
  };
}

/** Perceived brightness (0-255) of a #rgb or #rrggbb colour. */
export function brightness(hex: string): number {
  let h = hex.replace('#', '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const r = Number.parseInt(h.slice(0, 2), 16);
  const g = Number.parseInt(h.slice(2, 4), 16);
  const b = Number.parseInt(h.slice(4, 6), 16);
  return (r * 299 + g * 587 + b * 114) / 1000;
}

/** The text colour that reads on a background: dark above the brightness threshold, light otherwise. */
export function contrastText(background: string): string {
  return brightness(background) > BRIGHTNESS_THRESHOLD ? DARK_TEXT : LIGHT_TEXT;
}

/** CSS custom properties for the root element, so every screen follows the config without knowing it. */
export function themeVariables(config: MessengerConfig): Record<`--${string}`, string> {
  return {
    '--vl-color': config.color,
    '--vl-color-text': contrastText(config.color),
    '--vl-header': config.headerColor,
    '--vl-header-text': contrastText(config.headerColor),
    '--vl-button': config.buttonColor,
    '--vl-button-text': contrastText(config.buttonColor),
    '--vl-bg': config.backgroundColor,
    '--vl-text': contrastText(config.backgroundColor) === DARK_TEXT ? '#1a1c23' : '#f3f4f8',
    '--vl-radius': `${config.borderRadius}px`,
  };
}
