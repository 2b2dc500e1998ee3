import type { FeedbackDeps } from './feedback-store';
import { type WidgetCaller, authenticateKey } from './widget-auth';

/**
 * The config a key gets until its organisation edits it in Settings (a later slice): gleap's defaults of widget spec §3
 * "Flow config", with replays and network logs on.
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

/** `GET /config/{sdkKey}?lang=`: the key's flowConfig (the path names the key; an unknown or revoked one is 401). */
export async function getWidgetConfig(
  deps: FeedbackDeps,
  _caller: WidgetCaller,
  input: { sdkKey: string; lang?: string },
): Promise<{ flowConfig: Record<string, unknown> }> {
  const key = await authenticateKey(deps, input.sdkKey);
  return { flowConfig: { ...DEFAULT_FLOW_CONFIG, ...(key.config ?? {}) } };
}

/** `GET /config/{sdkKey}/tooltips`: no tooltips are edited yet, so every live key gets none. */
export async function getWidgetTooltips(
  deps: FeedbackDeps,
  _caller: WidgetCaller,
  input: { sdkKey: string },
): Promise<unknown[]> {
  await authenticateKey(deps, input.sdkKey);
  return [];
}
