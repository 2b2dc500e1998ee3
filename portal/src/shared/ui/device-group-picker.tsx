import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { toApiError } from '@/shared/api/api-client';
import { type ApiDeviceGroup, type DeviceGroupOwnerKind, useDeviceGroups } from '@/shared/api/device-groups';

/** How owner kinds read in the portal. */
export const OWNER_KIND_LABELS: Record<DeviceGroupOwnerKind, string> = {
  dealer: 'Service centre',
  fleet: 'Fleet',
  evowner: 'EV owner',
  driver: 'Driver',
};

interface PickerBase {
  label: string;
  description?: string;
  error?: string;
  /** Only the groups of these owner kinds (e.g. a fleet rule offers fleet and driver groups). */
  ownerKinds?: readonly DeviceGroupOwnerKind[];
  /** Only the groups of this owner. */
  ownerId?: string;
  disabled?: boolean;
  required?: boolean;
  /** Called with the picked groups as loaded (their members are `vehicleIds`), e.g. to show a count. */
  onGroupsChange?: (groups: ApiDeviceGroup[]) => void;
}

export interface DeviceGroupPickerProps extends PickerBase {
  multiple?: false;
  value: string | null;
  onChange: (id: string | null) => void;
}

export interface DeviceGroupMultiPickerProps extends PickerBase {
  multiple: true;
  value: string[];
  onChange: (ids: string[]) => void;
}

/**
 * Picks one or several device groups (`GET /device-groups`, permission `su.DG`), searched by name, with each group's
 * owner and member count. For commands, rules and firmware rollouts: they send the group ids, or the members.
 * @example <DeviceGroupPicker label="Target group" value={groupId} onChange={setGroupId} ownerKinds={['fleet']} />
 */
export function DeviceGroupPicker(props: DeviceGroupPickerProps | DeviceGroupMultiPickerProps) {
  const { label, description, error, ownerKinds, ownerId, disabled, required, onGroupsChange } = props;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const filter: Record<string, string> = {};
  if (ownerKinds?.length) filter.ownerKind = ownerKinds.join(',');
  if (ownerId) filter.ownerId = ownerId;
  const groups = useDeviceGroups({ pageSize: 50, sort: 'name:asc', ...(q ? { q } : {}), filter });
  const items = groups.data?.items ?? [];
  const data = items.map((g) => ({
    value: g.id,
    label: `${g.name} · ${OWNER_KIND_LABELS[g.ownerKind]} ${g.ownerName} · ${g.vehicleIds.length} vehicle${g.vehicleIds.length === 1 ? '' : 's'}`,
  }));
  const loadError = groups.isError
    ? `Device groups could not be loaded: ${toApiError(groups.error).message}`
    : undefined;
  const common = {
    label,
    description,
    error: error ?? loadError,
    disabled,
    required,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    data,
    nothingFoundMessage: groups.isFetching ? 'Searching…' : 'No device group found',
    placeholder: 'Search device groups',
  };
  const picked = (ids: string[]) => items.filter((g) => ids.includes(g.id));
  if (props.multiple) {
    return (
      <MultiSelect
        {...common}
        value={props.value}
        onChange={(ids) => {
          props.onChange(ids);
          onGroupsChange?.(picked(ids));
        }}
      />
    );
  }
  return (
    <Select
      {...common}
      clearable
      value={props.value}
      onChange={(id) => {
        props.onChange(id);
        onGroupsChange?.(id ? picked([id]) : []);
      }}
    />
  );
}
