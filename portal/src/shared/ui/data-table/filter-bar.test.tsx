import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { type FilterDef, FilterBar } from './filter-bar';

// Counts renders of each select (by its label) and of the search box: a list's params are new objects on every change
// of its URL, and those must not re-render the controls that did not change.
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('@mantine/core', async (importOriginal) => {
  const mantine = await importOriginal<typeof import('@mantine/core')>();
  const count = (label: unknown) => renders.set(String(label), (renders.get(String(label)) ?? 0) + 1);
  const NativeSelect = (props: ComponentProps<typeof mantine.NativeSelect>) => {
    count(props.label);
    return <mantine.NativeSelect {...props} />;
  };
  const TextInput = (props: ComponentProps<typeof mantine.TextInput>) => {
    count(props.label);
    return <mantine.TextInput {...props} />;
  };
  return { ...mantine, NativeSelect, TextInput };
});

afterEach(cleanup);
beforeEach(() => renders.clear());

const defs: FilterDef[] = [
  { key: 'status', label: 'Status', options: [{ value: '1', label: 'Active' }] },
  {
    key: 'connectivity',
    label: 'Connectivity',
    options: [
      { value: '4G', label: '4G' },
      { value: '5G', label: '5G' },
    ],
  },
];
const onSearchChange = vi.fn<(q: string) => void>();
const onFiltersChange = vi.fn<(filters: Record<string, string>) => void>();

function bar(filters: Record<string, string>, q = '') {
  return (
    <MantineProvider env="test">
      <FilterBar
        searchLabel="Search items"
        q={q}
        filters={filters}
        defs={defs}
        onSearchChange={onSearchChange}
        onFiltersChange={onFiltersChange}
      />
    </MantineProvider>
  );
}

describe('FilterBar', () => {
  test('new params with the same filters (a sort or page change) re-render none of its controls', () => {
    const { rerender } = render(bar({ status: '1' }));
    const before = new Map(renders);

    rerender(bar({ status: '1' }));

    expect(renders).toEqual(before);
  });

  test('a filter change re-renders only the select that changed', () => {
    const { rerender } = render(bar({ status: '1' }));
    const before = new Map(renders);

    rerender(bar({ status: '1', connectivity: '5G' }));

    expect(renders.get('Connectivity')).toBe((before.get('Connectivity') ?? 0) + 1);
    expect(renders.get('Status')).toBe(before.get('Status'));
    expect(renders.get('Search items')).toBe(before.get('Search items'));
    expect(screen.getByLabelText('Connectivity')).toHaveValue('5G');
  });

  test('a select keeps the other filters as they are now, and "All" removes its own', async () => {
    const user = userEvent.setup();
    const { rerender } = render(bar({}));
    rerender(bar({ status: '1' }));

    await user.selectOptions(screen.getByLabelText('Connectivity'), '4G');
    expect(onFiltersChange).toHaveBeenLastCalledWith({ status: '1', connectivity: '4G' });

    rerender(bar({ status: '1', connectivity: '4G' }));
    await user.selectOptions(screen.getByLabelText('Status'), '');
    expect(onFiltersChange).toHaveBeenLastCalledWith({ connectivity: '4G' });
  });

  test('"Clear filters" clears the search and every filter', async () => {
    const user = userEvent.setup();
    render(bar({ status: '1' }, 'abc'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(onSearchChange).toHaveBeenLastCalledWith('');
    expect(onFiltersChange).toHaveBeenLastCalledWith({});
    expect(screen.getByLabelText('Search items')).toHaveValue('');
  });
});
