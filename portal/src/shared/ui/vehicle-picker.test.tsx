import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { server } from '@/mocks/node';
import { signedInWorldStore } from '@/test/api-sign-in';
import { renderWithProviders } from '@/test/render';
import { useVehicleOption, type VehicleOption } from '@/shared/api/vehicle-search';
import { getWorldDb } from '@/mocks/world/world-instance';
import { VehicleMultiPicker, VehiclePicker } from './vehicle-picker';

function Harness() {
  const [value, setValue] = useState<VehicleOption | null>(null);
  return <VehiclePicker label="Vehicle" value={value} onChange={setValue} />;
}

function MultiHarness({ initial }: { initial: string[] }) {
  const [ids, setIds] = useState(initial);
  return (
    <>
      <VehicleMultiPicker label="Vehicles" value={ids} onChange={setIds} />
      <output aria-label="Chosen">{ids.join(',')}</output>
    </>
  );
}

/** A form that has only a vehicle's id (a ticket opened from a vehicle page). */
function KnownByIdHarness({ id }: { id: string }) {
  const option = useVehicleOption(id);
  return <VehiclePicker label="Vehicle" value={option.data ?? null} onChange={() => {}} disabled />;
}

async function renderPicker(ui = <Harness />, role: 'BMSA' | 'SA' = 'BMSA') {
  const store = await signedInWorldStore(role);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(<QueryClientProvider client={client}>{ui}</QueryClientProvider>, { store });
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

  test('several choices: a saved one reads by its VIN and registration, the search adds more, keys pick', async () => {
    const db = await getWorldDb();
    const saved = db.tables.vehicles.get('veh-000001')!;
    const input = await renderPicker(<MultiHarness initial={[saved.id]} />, 'SA');
    expect((await screen.findAllByText(`${saved.vin} · ${saved.registrationNumber}`)).length).toBeGreaterThan(0);
    const other = db.tables.vehicles.get('veh-000002')!;
    await userEvent.type(input, other.vin);
    expect(
      await screen.findByRole('option', { name: `${other.vin} · ${other.registrationNumber}` }),
    ).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Chosen')).toHaveTextContent(`${saved.id},${other.id}`));
    await userEvent.clear(input);
    await userEvent.type(input, 'NO-SUCH-VIN');
    expect(await screen.findByText('No vehicle matches “NO-SUCH-VIN”.')).toBeInTheDocument();
    // The first choice keeps its label whatever the search shows now.
    expect(screen.getAllByText(`${saved.vin} · ${saved.registrationNumber}`).length).toBeGreaterThan(0);
  });

  test('a vehicle known by its id only shows as its VIN and registration', async () => {
    const vehicle = (await getWorldDb()).tables.vehicles.get('veh-000003')!;
    const input = await renderPicker(<KnownByIdHarness id={vehicle.id} />, 'SA');
    await waitFor(() => expect(input).toHaveValue(`${vehicle.vin} · ${vehicle.registrationNumber}`));
    expect(input).toBeDisabled();
  });
});
