import { ROLE_CODES } from '@/domain/roles';
import { type ListSpec, parse } from '../lib/list-query';

export const ROLE_SORT_FIELDS = ['name', 'code', 'updatedAt'] as const;
export type RoleSortField = (typeof ROLE_SORT_FIELDS)[number];

const ROLE_FILTERS = {
  code: parse.oneOf('code', ROLE_CODES),
  builtIn: parse.boolean('builtIn'),
};
export type RoleFilterField = keyof typeof ROLE_FILTERS;

/** The role list's sorts and filters (openapi.yaml listRoles); search covers name and code. */
export const ROLE_LIST: ListSpec<RoleSortField, RoleFilterField> = {
  sortable: ROLE_SORT_FIELDS,
  filterable: ROLE_FILTERS,
  defaultSort: [{ field: 'name', direction: 'asc' }],
};
