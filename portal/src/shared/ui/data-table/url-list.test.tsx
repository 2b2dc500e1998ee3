import { MantineProvider } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, expect, test } from 'vitest';
import { type ListPage, UrlList } from './url-list';

afterEach(cleanup);

interface Car {
  id: string;
  vin: string;
  model: string;
}
const col = createColumnHelper<Car>();
const columns = [
  col.accessor('model', { header: 'Model', meta: { label: 'Model' } }),
  col.accessor('vin', { header: 'VIN', meta: { label: 'VIN' } }),
];
const cars: Car[] = [{ id: 'veh-1', vin: 'VIN0001', model: 'Volt S' }];
const useCars = () =>
  ({ data: { items: cars, total: 1 }, isPending: false, isFetching: false }) as UseQueryResult<ListPage<Car>>;
const getRowId = (c: Car) => c.id;
const carHref = (c: Car) => `/vehicle/${c.id}`;

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function app(rowHref: (c: Car) => string) {
  return (
    <MantineProvider env="test">
      <MemoryRouter basename="/portal" initialEntries={['/portal/vehicles']}>
        <Routes>
          <Route
            path="/vehicles"
            element={
              <UrlList
                label="Vehicles"
                tableId="cars-test"
                columns={columns}
                getRowId={getRowId}
                emptyText="No vehicles."
                filterKeys={[]}
                useList={useCars}
                searchLabel="Search vehicles"
                filterDefs={[]}
                rowHref={rowHref}
                linkColumn="vin"
              />
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>
  );
}

test("a row's identifying cell links to its details under the app's base, and a click there opens them", async () => {
  render(app(carHref));
  const link = screen.getByRole('link', { name: 'VIN0001' });
  expect(link).toHaveAttribute('href', '/portal/vehicle/veh-1');
  expect(screen.queryByRole('link', { name: 'Volt S' })).toBeNull();

  await userEvent.click(link);

  expect(screen.getByTestId('where')).toHaveTextContent('/vehicle/veh-1');
});

test('a row that opens a detail of the same page (a query) links to that query', () => {
  render(app((c) => `?entry=${c.id}`));
  expect(screen.getByRole('link', { name: 'VIN0001' })).toHaveAttribute('href', '?entry=veh-1');
});
