import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { type CompactColumn, CompactTable } from './compact-table';

interface Trip {
  id: string;
  km: number;
}
const TRIPS: Trip[] = Array.from({ length: 12 }, (_, i) => ({ id: `t${i + 1}`, km: (i + 1) * 10 }));
const COLUMNS: CompactColumn<Trip>[] = [
  { header: 'Trip', cell: (t) => t.id },
  { header: 'Distance', cell: (t) => `${t.km} km` },
];

function PagedTrips({ onSelect }: { onSelect?: (trip: Trip) => void }) {
  const [page, setPage] = useState(1);
  return (
    <CompactTable
      label="Trips"
      columns={COLUMNS}
      rows={TRIPS.slice((page - 1) * 5, page * 5)}
      getRowId={(t) => t.id}
      rowProps={(t) => ({ onClick: () => onSelect?.(t), 'data-trip-id': t.id })}
      paging={{ page, pageSize: 5, total: TRIPS.length, onPageChange: setPage, label: 'Trip pages' }}
    />
  );
}

test('shows a heading per column and a cell per row and column', () => {
  renderWithProviders(<PagedTrips />);
  const table = screen.getByRole('table', { name: 'Trips' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Trip', 'Distance']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(5);
  expect(within(rows[1] as HTMLElement).getByText('20 km')).toBeInTheDocument();
  expect(rows[1]).toHaveAttribute('data-trip-id', 't2');
});

test('pages through the rows and gives the row props to each row', async () => {
  const onSelect = vi.fn();
  renderWithProviders(<PagedTrips onSelect={onSelect} />);
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  const rows = within(screen.getByRole('table', { name: 'Trips' }))
    .getAllByRole('row')
    .slice(1);
  expect(rows.map((r) => r.textContent)).toEqual(['t11110 km', 't12120 km']);
  await userEvent.click(rows[0] as HTMLElement);
  expect(onSelect).toHaveBeenCalledWith(TRIPS[10]);
});

test('shows no pager when every row fits one page', () => {
  renderWithProviders(
    <CompactTable
      label="Trips"
      columns={COLUMNS}
      rows={TRIPS.slice(0, 3)}
      getRowId={(t) => t.id}
      paging={{ page: 1, pageSize: 5, total: 3, onPageChange: () => {}, label: 'Trip pages' }}
    />,
  );
  expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
});
