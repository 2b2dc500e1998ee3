import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { memo, useEffect, useState } from 'react';

export interface FilterOption {
  value: string;
  label: string;
}

/** One select of a filter bar: `key` is the server's filter field. */
export interface FilterDef {
  key: string;
  label: string;
  options: readonly FilterOption[];
}

export interface FilterBarProps {
  searchLabel: string;
  q: string;
  filters: Record<string, string>;
  defs: readonly FilterDef[];
  onSearchChange: (q: string) => void;
  onFiltersChange: (filters: Record<string, string>) => void;
}

/**
 * Search box (debounced) plus one select per filter; "Clear" resets both. Memoised: when only the list's data
 * changes, the filter bar does not re-render.
 */
export const FilterBar = memo(function FilterBar({
  searchLabel,
  q,
  filters,
  defs,
  onSearchChange,
  onFiltersChange,
}: FilterBarProps) {
  const [text, setText] = useState(q);
  const commit = useDebouncedCallback(onSearchChange, 300);
  // The URL can change under us (back button, a link): show what it says.
  useEffect(() => setText(q), [q]);
  const active = q !== '' || Object.keys(filters).length > 0;

  const handleFilter = (key: string, value: string) => {
    const next = { ...filters };
    if (value) next[key] = value;
    else delete next[key];
    onFiltersChange(next);
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={`${searchLabel} filters`}>
      <TextInput
        label={searchLabel}
        placeholder="Search"
        leftSection={<IconSearch size={14} />}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          commit(e.currentTarget.value);
        }}
        w={240}
        size="sm"
      />
      {defs.map((def) => (
        <NativeSelect
          key={def.key}
          label={def.label}
          size="sm"
          value={filters[def.key] ?? ''}
          data={[{ value: '', label: 'All' }, ...def.options]}
          onChange={(e) => handleFilter(def.key, e.currentTarget.value)}
          w={150}
        />
      ))}
      {active ? (
        <Button
          variant="subtle"
          size="sm"
          onClick={() => {
            setText('');
            onSearchChange('');
            onFiltersChange({});
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
});
