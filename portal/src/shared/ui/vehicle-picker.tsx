import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { useVehicleSearch, VEHICLE_SEARCH_SIZE, type VehicleOption } from '@/shared/api/vehicle-search';

/** Quiet time after the last keystroke before the server is asked. */
export const VEHICLE_SEARCH_DEBOUNCE_MS = 250;

export interface VehiclePickerProps {
  label: string;
  value: VehicleOption | null;
  onChange: (vehicle: VehicleOption | null) => void;
  error?: ReactNode;
}

/**
 * A searchable vehicle select that asks the vehicle list endpoint as you type (debounced), with loading, empty and
 * error states; arrow keys and Enter pick an option. The server filters, so the options are shown as they come.
 */
export function VehiclePicker({ label, value, onChange, error }: VehiclePickerProps) {
  const [search, setSearch] = useState(value?.label ?? '');
  // The input shows the picked vehicle's label; that is not a search, so it lists the first vehicles instead.
  const term = value && search === value.label ? '' : search.trim();
  const [debounced] = useDebouncedValue(term, VEHICLE_SEARCH_DEBOUNCE_MS);
  const results = useVehicleSearch(debounced);
  const waiting = term !== debounced || results.isFetching;

  const options = results.data?.options ?? [];
  const data = value && !options.some((o) => o.value === value.value) ? [value, ...options] : options;
  const more = (results.data?.total ?? 0) - options.length;

  let nothingFound: ReactNode = term ? `No vehicle matches “${term}”.` : 'No vehicles in your scope.';
  if (waiting) nothingFound = 'Searching…';
  else if (results.error) nothingFound = `Could not search vehicles: ${errorMessage(results.error)}`;

  return (
    <Select
      label={label}
      withAsterisk
      searchable
      placeholder="Type a VIN or registration number"
      data={data}
      value={value?.value ?? null}
      onChange={(id, option) => onChange(id ? { value: option.value, label: option.label } : null)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the search; filtering again by label would hide nothing but cost a pass.
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound}
      rightSection={waiting ? <Loader size={16} aria-label="Searching vehicles" /> : undefined}
      // Always one line, so the input does not jump while results come and go.
      description={
        more > 0
          ? `Showing the first ${VEHICLE_SEARCH_SIZE} of ${results.data?.total}; type to narrow.`
          : 'Search by VIN or registration number.'
      }
      error={error}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
    />
  );
}
