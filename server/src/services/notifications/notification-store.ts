import type { AuditStore } from '../audit/audit-chain';
import type { ListQuery } from '../lib/list-query';
import type { VehicleScope } from '../vehicles/vehicle-scope';
import type { NotificationFilterField, NotificationSortField } from './notification-list-spec';
import type { Notification } from './notification-types';

/**
 * Storage of the notifications rules sent. Every read takes the caller's vehicle scope (a notification is in it when
 * its vehicle is); `acknowledgedByName` is the acknowledging account's current name, else the name kept with it.
 */
export interface NotificationStore {
  list(
    scope: VehicleScope,
    query: ListQuery<NotificationSortField, NotificationFilterField>,
  ): Promise<{ items: Notification[]; total: number }>;
  get(id: string, scope: VehicleScope): Promise<Notification | undefined>;
  /** Writes the acknowledgement unless the notification already has one; true when this call wrote it. */
  acknowledge(
    id: string,
    changes: Pick<Notification, 'acknowledgedAt' | 'acknowledgedBy' | 'acknowledgedByName' | 'deliveries'>,
  ): Promise<boolean>;
  /** Stores a notification the system sends (a ticket's SLA escalation) unless one of its id exists. */
  add(notification: Notification): Promise<void>;
}

export interface NotificationDeps {
  notifications: NotificationStore;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { notifications: NotificationStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
