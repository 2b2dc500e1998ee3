import type { FeedbackDeps } from './feedback-store';
import { type WidgetCaller, authenticateKey } from './widget-auth';

/**
 * The config a key gets where its organisation has not edited it in Settings (decision 0123): gleap's defaults of widget
 * spec §3 "Flow config", with replays and network logs on.
 */
export const DEFAULT_FLOW_CONFIG: Readonly<Record<string, unknown>> = Object.freeze({
  color: '#485BFF',
  headerColor: '#485BFF',
  buttonColor: '#485BFF',
  backgroundColor: '#FFFFFF',
  borderRadius: 20,
  buttonX: 20,
  buttonY: 20,
  feedbackButtonPosition: 'BOTTOM_RIGHT',
  enableWebReplays: true,
  enableNetworkLogs: true,
  enableShortcuts: false,
  hideForGuests: false,
});

/**
 * A key's flowConfig: its stored config (`sdk_keys.config`, what Settings writes) over the defaults. The one reading of
 * the stored config: the widget API answers it, Settings reads its form's values from it (`widgetSettingsOf`).
 */
export function flowConfigOf(stored: Record<string, unknown> | undefined): Record<string, unknown> {
  return { ...DEFAULT_FLOW_CONFIG, ...(stored ?? {}) };
}

/** `GET /config/{sdkKey}?lang=`: the key's flowConfig (the path names the key; an unknown or revoked one is 401). */
export async function getWidgetConfig(
  deps: FeedbackDeps,
  _caller: WidgetCaller,
  input: { sdkKey: string; lang?: string },
): Promise<{ flowConfig: Record<string, unknown> }> {
  const key = await authenticateKey(deps, input.sdkKey);
  return { flowConfig: flowConfigOf(key.config) };
}

/** `GET /config/{sdkKey}/tooltips`: the key's stored tooltips (migration 0032), `[]` where it has none. */
export async function getWidgetTooltips(
  deps: Pick<FeedbackDeps, 'sdkKeys' | 'engagement'>,
  _caller: WidgetCaller,
  input: { sdkKey: string },
): Promise<unknown[]> {
  const key = await authenticateKey(deps, input.sdkKey);
  return deps.engagement.tooltips(key.id);
}
