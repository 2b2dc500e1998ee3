import { Loader, MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { useVehicleSearch, type VehicleOption } from '../api/search-vehicles';

export interface AssignedVehiclesInputProps {
  value: string[];
  onChange: (vehicleIds: string[]) => void;
}

const labelOf = (v: VehicleOption) => `${v.registrationNumber} · ${v.vin}`;

/** Vehicles a geofence watches, picked by searching VIN or registration; none means every vehicle. */
export function AssignedVehiclesInput({ value, onChange }: AssignedVehiclesInputProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const vehicles = useVehicleSearch(debounced);
  // Labels of vehicles seen in earlier searches, so chosen ones keep a readable name after the search changes.
  const known = useRef(new Map<string, string>());
  for (const v of vehicles.data ?? []) known.current.set(v.id, labelOf(v));
  const data = useMemo(() => {
    const ids = new Set([...value, ...(vehicles.data ?? []).map((v) => v.id)]);
    return [...ids].map((id) => ({ value: id, label: known.current.get(id) ?? id }));
  }, [value, vehicles.data]);
  return (
    <MultiSelect
      label="Assigned vehicles"
      description="Leave empty to watch every vehicle you can see."
      placeholder={value.length === 0 ? 'Search VIN or registration' : undefined}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value}
      onChange={onChange}
      // The server already filtered by the search text.
      filter={({ options }) => options}
      nothingFoundMessage={vehicles.isFetching ? 'Searching…' : 'No vehicle matches.'}
      rightSection={vehicles.isFetching ? <Loader size={14} /> : undefined}
      error={vehicles.isError ? `Vehicles could not be loaded: ${vehicles.error.message}` : undefined}
      maxDropdownHeight={240}
    />
  );
}
