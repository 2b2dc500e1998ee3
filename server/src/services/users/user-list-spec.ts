import { ROLE_CODES } from '@/domain/roles';
import { type ListSpec, parse } from '../lib/list-query';

export const USER_SORT_FIELDS = ['name', 'email', 'role', 'status', 'lastSignInAt', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

const USER_FILTERS = {
  role: parse.oneOf('role', ROLE_CODES),
  status: parse.int('status', [0, 1]),
  roleId: parse.text,
};
export type UserFilterField = keyof typeof USER_FILTERS;

/** The account list's sorts and filters (openapi.yaml listUsers); search covers name, e-mail and phone. */
export const USER_LIST: ListSpec<UserSortField, UserFilterField> = {
  sortable: USER_SORT_FIELDS,
  filterable: USER_FILTERS,
  defaultSort: [{ field: 'name', direction: 'asc' }],
};
