import { core } from './core';
import { removeBanner, showBanner } from './banner';
import {
  type InAppNotification,
  render as renderNotifications,
  restoreNotifications,
  showNotification,
} from './notifications';

/**
 * The in-app chunk: notification stack and banner. The core loads it (`core/extensions.ts`) for a notification or
 * banner action of the socket, for `showNotification` / `showBanner`, and when notifications are stored.
 */

/** A server action (socket `update`, `performActions`) of type notification or banner. */
export function runAction(action: unknown): void {
  try {
    const a = action as InAppNotification & { actionType?: string };
    const checklist = a.data?.checklist;
    if (a.actionType === 'banner') showBanner(a);
    // a checklist that pops up as the widget opens it, not a notification
    else if (checklist?.popupType === 'widget' && checklist.id) core.openScreen('open-checklist', { id: checklist.id });
    else showNotification(a);
  } catch (err) {
    core.addLog(`Voltline widget: action failed: ${String(err)}`, 'ERROR');
  }
}

export { use } from './core';
export { removeBanner, renderNotifications, restoreNotifications, showBanner, showNotification };
