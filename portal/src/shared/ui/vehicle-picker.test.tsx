import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { server } from '@/mocks/node';
import { signedInWorldStore } from '@/test/api-sign-in';
import { renderWithProviders } from '@/test/render';
import type { VehicleOption } from '@/shared/api/vehicle-search';
import { VehiclePicker } from './vehicle-picker';

function Harness() {
  const [value, setValue] = useState<VehicleOption | null>(null);
  return <VehiclePicker label="Vehicle" value={value} onChange={setValue} />;
}

async function renderPicker() {
  const store = await signedInWorldStore('BMSA');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
    { store },
  );
  return screen.getByRole('textbox', { name: /^Vehicle/ });
}

const page = (vins: string[]) => ({
  page: 1,
  pageSize: 20,
  total: vins.length,
  items: vins.map((vin, i) => ({ id: `veh-${i}`, vin, registrationNumber: `KA0${i}` })),
});

describe('VehiclePicker', () => {
  test('asks the server once for a burst of keystrokes, with what was typed last', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/vehicles', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json(page(['MDA00000000000001']));
      }),
    );
    const input = await renderPicker();
    await userEvent.type(input, 'MDA0');
    expect(await screen.findByRole('option', { name: 'MDA00000000000001 · KA00' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('MDA0'));
    expect(asked.filter((q) => q !== '' && q !== 'MDA0')).toEqual([]);
  });

  test('shows why the search failed instead of an empty list', async () => {
    server.use(
      http.get('/api/vehicles', () =>
        HttpResponse.json({ code: 'internal', message: 'The fleet API is down.' }, { status: 500 }),
      ),
    );
    const input = await renderPicker();
    await userEvent.type(input, 'KA01');
    expect(await screen.findByText(/Could not search vehicles: The fleet API is down\./)).toBeInTheDocument();
  });
});
