import type { ListParams } from '@/shared/ui/data-table/use-list-params';

/** Query keys of user management's accounts and roles (device groups: `deviceGroupKeys` in shared/api). */
export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (params: ListParams) => ['users', 'list', params] as const,
  /** The user picker of the effective-access preview. */
  search: (term: string) => ['users', 'search', term] as const,
};

export const roleKeys = {
  all: ['roles'] as const,
  lists: () => ['roles', 'list'] as const,
  list: (params: ListParams) => ['roles', 'list', params] as const,
  /** Every role the caller sees (pickers, filters, the roles table). */
  every: () => ['roles', 'list', 'every'] as const,
  detail: (id: string) => ['roles', 'detail', id] as const,
};

/** Options of the pickers the user and device group forms need (organisations, an owner's vehicles, models). */
export const pickerKeys = {
  all: ['user-management-pickers'] as const,
  organisations: (kind: string, q: string) => [...pickerKeys.all, 'organisations', kind, q] as const,
  ownerVehicles: (field: string, id: string, q: string) => [...pickerKeys.all, 'vehicles', field, id, q] as const,
  models: () => [...pickerKeys.all, 'models'] as const,
};
