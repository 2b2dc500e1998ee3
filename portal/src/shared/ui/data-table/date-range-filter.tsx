import { Group, TextInput } from '@mantine/core';
import { memo } from 'react';
import { useListParams } from '@/shared/ui/data-table/use-list-params';

export interface DateRangeFilterProps {
  /** The list's filter keys (they include `from` and `to`). */
  filterKeys: readonly string[];
}

/** Two day inputs (From, To) kept in the URL beside the list's other filters; "Clear filters" clears them too. */
export const DateRangeFilter = memo(function DateRangeFilter({ filterKeys }: DateRangeFilterProps) {
  const [params, setParams] = useListParams(filterKeys);
  const set = (key: 'from' | 'to', value: string) => {
    const filters = { ...params.filters };
    if (value) filters[key] = value;
    else delete filters[key];
    setParams({ filters });
  };
  const from = params.filters.from ?? '';
  const to = params.filters.to ?? '';
  return (
    <Group gap="sm" align="flex-end" role="group" aria-label="Date range">
      <TextInput
        type="date"
        label="From"
        size="sm"
        w={160}
        value={from}
        max={to || undefined}
        onChange={(e) => set('from', e.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="To"
        size="sm"
        w={160}
        value={to}
        min={from || undefined}
        error={from && to && to < from ? 'Before From' : undefined}
        onChange={(e) => set('to', e.currentTarget.value)}
      />
    </Group>
  );
});
