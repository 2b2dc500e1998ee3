import type { PermissionKey } from '@/domain/permissions';
import type { Schemas } from '../lib/api-types';

export type Notification = Schemas['Notification'];
export type NotificationDelivery = Schemas['NotificationDelivery'];

export const DELIVERY_METHODS = [1, 2, 4, 8, 16, 32] as const satisfies readonly NotificationDelivery['method'][];
export const DELIVERY_STATUSES = [
  'sent',
  'delivered',
  'failed',
] as const satisfies readonly NotificationDelivery['status'][];
/** The Web Alert delivery method: read (delivered) once someone acknowledges the notification. */
export const WEB_ALERT = 16;

/** Reading notifications: the notification history, or a vehicle's, BMS's or MCU's Notifications tab. */
export const NOTIFICATION_READ_KEYS: readonly PermissionKey[] = ['rule.h', 'vh.l.d.n', 'BMS.l.d.n', 'MCU.l.d.n'];
/** Acknowledging one: Update on the notification history (openapi.yaml acknowledgeNotification). */
export const NOTIFICATION_ACKNOWLEDGE_KEY: PermissionKey = 'rule.h';

/** Audit entity of an acknowledgement (openapi.yaml: "Audited as Rule / Update"). */
export const NOTIFICATION_AUDIT_ENTITY = 'Rule';
