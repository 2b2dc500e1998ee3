/** The business constants of the engagement surfaces (spec §9), pinned by `constants.test.ts`. */

/** localStorage key of the notification stack (wire fact). */
export const NOTIFICATIONS_KEY = 'gleap-widget-unread-notifications';
/** Notifications kept at once. */
export const NOTIFICATIONS_KEPT = 2;
/** Stored notifications older than this are dropped on reload. */
export const NOTIFICATION_MAX_AGE_MS = 60 * 60 * 1000;
/** Width of the stack (the news width of §9). */
export const NOTIFICATION_WIDTH_PX = 340;
/** A checklist item's bar adds this many percent while below 100. */
export const CHECKLIST_BAR_BONUS = 4;
