import { type ListSpec, parse } from '../lib/list-query';

export const AUDIT_SORT_FIELDS = ['occurredAt', 'seq', 'entity', 'action', 'userName'] as const;
export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];

const AUDIT_FILTERS = {
  id: parse.text,
  entity: parse.text,
  entityId: parse.text,
  action: parse.text,
  userId: parse.text,
};
export type AuditFilterField = keyof typeof AUDIT_FILTERS;

/** The audit list: newest first; entries of the same instant keep their chain order. Search: summary, user, entity id. */
export const AUDIT_LIST: ListSpec<AuditSortField, AuditFilterField> = {
  sortable: AUDIT_SORT_FIELDS,
  filterable: AUDIT_FILTERS,
  defaultSort: [
    { field: 'occurredAt', direction: 'desc' },
    { field: 'seq', direction: 'desc' },
  ],
};
