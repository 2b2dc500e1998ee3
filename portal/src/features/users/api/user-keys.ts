import type { ListParams } from '@/shared/ui/data-table/use-list-params';

/** Query keys of user management's accounts and roles (device groups: `deviceGroupKeys` in shared/api). */
export const userKeys = {
  all: ['users'] as const,
  list: (params: ListParams) => [...userKeys.all, 'list', params] as const,
};

export const roleKeys = {
  all: ['roles'] as const,
  list: (params: ListParams) => [...roleKeys.all, 'list', params] as const,
  every: () => [...roleKeys.all, 'every'] as const,
  one: (id: string) => [...roleKeys.all, 'one', id] as const,
};

/** Options of the pickers the user and device group forms need (organisations, an owner's vehicles, models). */
export const pickerKeys = {
  all: ['user-management-pickers'] as const,
  organisations: (kind: string, q: string) => [...pickerKeys.all, 'organisations', kind, q] as const,
  ownerVehicles: (field: string, id: string, q: string) => [...pickerKeys.all, 'vehicles', field, id, q] as const,
  models: () => [...pickerKeys.all, 'models'] as const,
};
