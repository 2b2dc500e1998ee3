import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';

export interface FilterOption {
  value: string;
  label: string;
}

/** One select of a filter bar: `key` is the server's filter field. */
export interface FilterDef {
  key: string;
  label: string;
  options: readonly FilterOption[];
  /** The select's width in px (150 unless given): wider for names, such as an SDK key's. */
  width?: number;
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
 * Search box (debounced) plus one select per filter; "Clear" resets both. Memoised, and so is each of its parts: a
 * sort or page change re-renders none of them, and a filter change only the select that changed (the list's params
 * are new objects on every change of the URL).
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
  // The URL can change under us (back button, a link): show what it says.
  useEffect(() => setText(q), [q]);
  const active = q !== '' || Object.keys(filters).length > 0;

  // The latest filters for the selects' one change handler, which stays the same function so they stay memoised.
  const latest = useRef({ filters, onFiltersChange });
  latest.current = { filters, onFiltersChange };
  const handleFilter = useCallback((key: string, value: string) => {
    const next = { ...latest.current.filters };
    if (value) next[key] = value;
    else delete next[key];
    latest.current.onFiltersChange(next);
  }, []);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={`${searchLabel} filters`}>
      <SearchBox label={searchLabel} text={text} onTextChange={setText} onSearchChange={onSearchChange} />
      {defs.map((def) => (
        <FilterSelect key={def.key} def={def} value={filters[def.key] ?? ''} onFilter={handleFilter} />
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

interface SearchBoxProps {
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  /** Called 300 ms after the last keystroke. */
  onSearchChange: (q: string) => void;
}

const SearchBox = memo(function SearchBox({ label, text, onTextChange, onSearchChange }: SearchBoxProps) {
  const commit = useDebouncedCallback(onSearchChange, 300);
  return (
    <TextInput
      label={label}
      placeholder="Search"
      leftSection={<IconSearch size={14} />}
      value={text}
      onChange={(e) => {
        onTextChange(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
      // At least 240 px, wider when the label needs it: a label on one line keeps the filters aligned.
      miw={240}
      labelProps={{ style: { whiteSpace: 'nowrap' } }}
      size="sm"
    />
  );
});

interface FilterSelectProps {
  def: FilterDef;
  value: string;
  onFilter: (key: string, value: string) => void;
}

const FilterSelect = memo(function FilterSelect({ def, value, onFilter }: FilterSelectProps) {
  const data = useMemo(() => [{ value: '', label: 'All' }, ...def.options], [def.options]);
  return (
    <NativeSelect
      label={def.label}
      size="sm"
      value={value}
      data={data}
      onChange={(e) => onFilter(def.key, e.currentTarget.value)}
      w={def.width ?? 150}
    />
  );
});
