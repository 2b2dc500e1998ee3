import { Loader, MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useRef, useState } from 'react';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import {
  useVehicleOptions,
  useVehicleSearch,
  VEHICLE_SEARCH_SIZE,
  type VehicleOption,
} from '@/shared/api/vehicle-search';

/** Quiet time after the last keystroke before the server is asked. */
export const VEHICLE_SEARCH_DEBOUNCE_MS = 250;

/**
 * The search state every vehicle picker shares: the typed term debounced, the server's answer, and the dropdown's
 * loading, empty and error texts. `ignore` is what the input shows that is not a search (a picked vehicle's label).
 */
function useVehiclePickerSearch(search: string, ignore: string | null) {
  const term = ignore !== null && search === ignore ? '' : search.trim();
  const [debounced] = useDebouncedValue(term, VEHICLE_SEARCH_DEBOUNCE_MS);
  const results = useVehicleSearch(debounced);
  const waiting = term !== debounced || results.isFetching;
  const options = results.data?.options ?? [];
  const more = (results.data?.total ?? 0) - options.length;
  let nothingFound: ReactNode = term ? `No vehicle matches “${term}”.` : 'No vehicles in your scope.';
  if (waiting) nothingFound = 'Searching…';
  else if (results.error) nothingFound = `Could not search vehicles: ${errorMessage(results.error)}`;
  return {
    options,
    nothingFound,
    rightSection: waiting ? <Loader size={16} aria-label="Searching vehicles" /> : undefined,
    // Always one line, so the input does not jump while results come and go.
    hint:
      more > 0
        ? `Showing the first ${VEHICLE_SEARCH_SIZE} of ${results.data?.total}; type to narrow.`
        : 'Search by VIN or registration number.',
  };
}

/** The server already matched the search; filtering again by label would hide nothing but cost a pass. */
const serverFiltered = ({ options }: { options: unknown[] }) => options as never;

export interface VehiclePickerProps {
  label: string;
  value: VehicleOption | null;
  onChange: (vehicle: VehicleOption | null) => void;
  error?: ReactNode;
  /** Shows the required mark (default true). */
  required?: boolean;
  /** A fixed choice (e.g. a ticket opened from a vehicle's page). */
  disabled?: boolean;
  /** Replaces the search hint under the input. */
  description?: ReactNode;
}

/**
 * The portal's one vehicle search, single choice: asks the vehicle list endpoint as you type (debounced), with
 * loading, empty and error states; arrow keys and Enter pick an option. The server filters, so the options are shown
 * as they come. A vehicle known by its id only gets its option from `useVehicleOption`.
 */
export function VehiclePicker({
  label,
  value,
  onChange,
  error,
  required = true,
  disabled,
  description,
}: VehiclePickerProps) {
  const [search, setSearch] = useState(value?.label ?? '');
  // The input shows the picked vehicle's label; that is not a search, so it lists the first vehicles instead.
  const state = useVehiclePickerSearch(search, value?.label ?? null);
  const data = value && !state.options.some((o) => o.value === value.value) ? [value, ...state.options] : state.options;
  return (
    <Select
      label={label}
      withAsterisk={required}
      searchable
      disabled={disabled}
      placeholder="Type a VIN or registration number"
      data={data}
      value={value?.value ?? null}
      onChange={(id, option) => onChange(id ? { value: option.value, label: option.label } : null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      nothingFoundMessage={state.nothingFound}
      rightSection={state.rightSection}
      description={description ?? state.hint}
      error={error}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
    />
  );
}

export interface VehicleMultiPickerProps {
  label: string;
  /** The chosen vehicles' ids. */
  value: string[];
  onChange: (vehicleIds: string[]) => void;
  error?: ReactNode;
  /** Replaces the search hint under the input. */
  description?: ReactNode;
  /** Shown while nothing is chosen. */
  placeholder?: string;
}

/**
 * The same vehicle search, several choices (e.g. the vehicles a geofence watches). Chosen vehicles keep their label
 * (VIN and registration) whatever the search shows; ones chosen before (a saved form) are read by id once.
 */
export function VehicleMultiPicker({
  label,
  value,
  onChange,
  error,
  description,
  placeholder,
}: VehicleMultiPickerProps) {
  const [search, setSearch] = useState('');
  const state = useVehiclePickerSearch(search, null);
  // Labels of vehicles seen in searches, so a chosen one keeps its name after the search changes.
  const known = useRef(new Map<string, string>());
  for (const o of state.options) known.current.set(o.value, o.label);
  const unknown = value.filter((id) => !known.current.has(id));
  const read = useVehicleOptions(unknown);
  for (const r of read) if (r.data) known.current.set(r.data.value, r.data.label);
  const ids = [...new Set([...value, ...state.options.map((o) => o.value)])];
  const data = ids.map((id) => ({ value: id, label: known.current.get(id) ?? id }));
  const unreadable = read.find((r) => r.error)?.error;
  return (
    <MultiSelect
      label={label}
      description={description ?? state.hint}
      placeholder={value.length === 0 ? (placeholder ?? 'Type a VIN or registration number') : undefined}
      searchable
      clearable
      // Chosen vehicles are the pills; the dropdown offers the others, so Enter never drops a choice by surprise.
      hidePickedOptions
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value}
      onChange={onChange}
      filter={serverFiltered}
      nothingFoundMessage={state.nothingFound}
      rightSection={state.rightSection}
      error={error ?? (unreadable ? `Could not read a chosen vehicle: ${errorMessage(unreadable)}` : undefined)}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
    />
  );
}
