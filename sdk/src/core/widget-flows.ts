import type { WidgetMode } from '../protocol/messages';
import { emit } from './emitter';
import { sendToFrame } from './frame-bridge';
import { isSessionReady } from './session';
import { startScreenDrawing } from './widget-drawing';
import { openScreen, setUnreadCount, ui } from './widget-ui';

/**
 * What opens a screen in the frame from the host's side: feedback flows, surveys, and the actions the server pushes
 * over the WebSocket (`update`).
 */

export interface FeedbackFlowOptions {
  autostartDrawing?: boolean;
  hideBackButton?: boolean;
  format?: string;
}

/** Start a feedback flow by id; only once the session is ready. */
export function startFeedbackFlow(flow = 'bugreporting', options: FeedbackFlowOptions = {}): void {
  if (!isSessionReady()) return;
  const run = () =>
    openScreen('start-feedbackflow', {
      flow,
      hideBackButton: !!options.hideBackButton,
      format: options.format ?? 'widget',
    });
  if (options.autostartDrawing) void startScreenDrawing('screenshot', false).then(run);
  else run();
}

/** Start a survey in its format (survey, survey_full or survey_web). */
export function showSurvey(surveyId: string, format = 'survey'): void {
  if (!surveyId) return;
  const mode = (['survey', 'survey_full', 'survey_web'].includes(format) ? format : 'survey') as WidgetMode;
  openScreen('start-survey', { flow: surveyId, hideBackButton: true, format }, mode);
}

/** A WebSocket `update`: actions and unread count apply only while the widget is closed. */
export function applyServerUpdate(update: { a?: unknown[]; u?: number }): void {
  // While open, actions and the unread count wait (spec §4), but the frame hears of it so an open conversation
  // fetches its new messages without a reload.
  if (ui.open) {
    sendToFrame('server-update', typeof update.u === 'number' ? { u: update.u } : {});
    return;
  }
  if (typeof update.u === 'number') setUnreadCount(update.u);
  for (const action of update.a ?? [])
    performAction(action as { actionType?: string; format?: string; outbound?: string });
}

/** Surveys open in the frame; notifications, banners and tours go to their (later) modules through events. */
export function performAction(action: {
  actionType?: string;
  format?: string;
  outbound?: string;
  data?: unknown;
}): void {
  const t = action.actionType;
  if (!t) return;
  if (t === 'notification' || t === 'banner') emit('action-in-app', action);
  else if (t === 'tour') emit('action-tour', action);
  else showSurvey(t, action.format);
}
