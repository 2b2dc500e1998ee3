import { type ListSpec, parse } from '../lib/list-query';
import { DELIVERY_METHODS, DELIVERY_STATUSES } from './notification-types';

export const NOTIFICATION_SORT_FIELDS = ['sentAt', 'severity', 'ruleName'] as const;
export type NotificationSortField = (typeof NOTIFICATION_SORT_FIELDS)[number];

const NOTIFICATION_FILTERS = {
  vehicleId: parse.text,
  ruleId: parse.text,
  severity: parse.int('severity', [0, 1, 2, 3, 4, 5]),
  acknowledged: parse.boolean('acknowledged'),
  method: parse.int('method', DELIVERY_METHODS),
  status: parse.oneOf('status', DELIVERY_STATUSES),
};
export type NotificationFilterField = keyof typeof NOTIFICATION_FILTERS;

/**
 * The notification list's sorts and filters (openapi.yaml listNotifications). `method` and `status` test the
 * deliveries: a notification matches when one delivery has one of the methods and one of the statuses asked. Search
 * covers title, message, rule name and vehicle id; ruleName sorts without case; the range bounds sentAt.
 */
export const NOTIFICATION_LIST: ListSpec<NotificationSortField, NotificationFilterField> = {
  sortable: NOTIFICATION_SORT_FIELDS,
  filterable: NOTIFICATION_FILTERS,
  defaultSort: [{ field: 'sentAt', direction: 'desc' }],
};
