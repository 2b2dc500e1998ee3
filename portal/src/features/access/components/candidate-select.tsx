import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type CandidateQuery, useGrantCandidates } from '../api/access-grants-api';

export interface CandidateSelectProps {
  label: string;
  query: Omit<CandidateQuery, 'q'>;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  placeholder?: string;
}

/** A searchable pick list of the grant form, served by `/access-grants/candidates` in the caller's scope. */
export function CandidateSelect({ label, query, value, onChange, error, disabled, placeholder }: CandidateSelectProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const options = useGrantCandidates({ ...query, q }, !disabled);
  const data = options.data ?? [];
  return (
    <Select
      label={label}
      withAsterisk
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      disabled={disabled}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'Nothing found'}
      error={error ?? (options.isError ? 'The list could not be loaded.' : undefined)}
      placeholder={placeholder ?? 'Type to search'}
      filter={({ options: all }) => all}
    />
  );
}
