import { DEFAULT_FLOW_CONFIG } from './constants';
import { emit } from './emitter';
import { HttpError, api } from './http';
import { currentLang, settings } from './state';
import { readJson, writeJson } from './storage';

export interface FlowConfig {
  color: string;
  headerColor: string;
  buttonColor: string;
  backgroundColor: string;
  borderRadius: number;
  buttonX: number;
  buttonY: number;
  feedbackButtonPosition: string;
  widgetButtonText?: string;
  buttonLogo?: string;
  hideForGuests?: boolean;
  enableWebReplays?: boolean;
  enableNetworkLogs?: boolean;
  sendNetworkResources?: boolean;
  networkLogPropsToIgnore?: string[];
  networkLogBlacklist?: string[];
  enableShortcuts?: boolean;
  staticTranslations?: Record<string, string>;
  localizationOptions?: { rtl?: boolean; [k: string]: unknown };
  [field: string]: unknown;
}

export interface TooltipDefinition {
  selector: string;
  html: string;
  mode?: string;
  icon?: string;
  color?: string;
  animated?: boolean;
  page?: string;
  pageType?: string;
  posX?: 'left' | 'right';
  posY?: 'top' | 'center' | 'bottom';
  offsetX?: number;
  offsetY?: number;
}

/** The answer of `GET /config/{key}`: the flow config plus anything else the server sends. */
export interface ServerConfig {
  flowConfig?: Partial<FlowConfig>;
  [field: string]: unknown;
}

let server: ServerConfig = {};
let flowConfig: FlowConfig = { ...DEFAULT_FLOW_CONFIG };
let styleOverrides: Partial<FlowConfig> = {};
let tooltips: TooltipDefinition[] = [];

export const configKey = (lang = currentLang()) => `gleap-widget-config-${settings.sdkKey}-${lang}`;

/** The flow config: defaults, then the server's values, then `setStyles` overrides. */
export function getFlowConfig(): FlowConfig {
  return flowConfig;
}

export function getServerConfig(): ServerConfig {
  return server;
}

export function getTooltips(): TooltipDefinition[] {
  return tooltips;
}

function rebuild(): void {
  flowConfig = { ...DEFAULT_FLOW_CONFIG, ...(server.flowConfig ?? {}), ...styleOverrides } as FlowConfig;
}

export function applyServerConfig(data: ServerConfig): void {
  server = data ?? {};
  rebuild();
  emit('config-updated', flowConfig);
}

export function setStyleOverrides(patch: Partial<FlowConfig>): void {
  styleOverrides = { ...styleOverrides, ...patch };
  rebuild();
  emit('config-updated', flowConfig);
}

/** Apply the cached config for this key and language at once; true when there was one. */
export function applyCachedConfig(): boolean {
  const cached = readJson<ServerConfig>(configKey());
  if (cached) applyServerConfig(cached);
  return !!cached;
}

/** `GET /config/{key}?lang=`: applied and cached per key and language. */
export async function loadConfig(): Promise<void> {
  const lang = currentLang();
  const data = await api<ServerConfig>(
    'GET',
    `/config/${encodeURIComponent(settings.sdkKey)}?lang=${encodeURIComponent(lang)}`,
  );
  writeJson(configKey(lang), data);
  applyServerConfig(data);
}

/** `GET /config/{key}/tooltips`, with the two log messages of §8. */
export async function loadTooltips(): Promise<void> {
  let res: unknown;
  try {
    res = await api('GET', `/config/${encodeURIComponent(settings.sdkKey)}/tooltips`);
  } catch (err) {
    console.error(err instanceof HttpError ? 'Failed to fetch tooltips' : 'Failed to parse tooltips');
    return;
  }
  const list = Array.isArray(res) ? res : (res as { tooltips?: unknown })?.tooltips;
  if (!Array.isArray(list)) {
    console.error('Failed to parse tooltips');
    return;
  }
  tooltips = list as TooltipDefinition[];
  emit('tooltips-loaded', tooltips);
}

export function resetConfigState(): void {
  server = {};
  styleOverrides = {};
  tooltips = [];
  rebuild();
}
