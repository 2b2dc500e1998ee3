import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, test } from 'vitest';
import { call, signIn } from '@/mocks/test/api-test-client';
import { getWorldDb } from '@/mocks/world/world-instance';
import { preloadPages, renderApp } from '@/test/render';
import { signedInWorldStore } from '@/test/api-sign-in';

beforeAll(preloadPages, 60_000);

test('editing a geofence loads its fields, and saving goes back to the list with the new name', async () => {
  const { router } = renderApp('/geo-fencing/write?id=GF-STATION', { store: await signedInWorldStore('SA') });
  const name = await screen.findByRole('textbox', { name: /Name/ });
  expect(name).toHaveValue('Pune Station Depot');
  expect(screen.getByRole('heading', { name: 'Edit Pune Station Depot' })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Exit' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Email' })).toBeChecked();
  await userEvent.clear(name);
  await userEvent.type(name, 'Station depot (north gate)');
  await userEvent.click(screen.getByRole('radio', { name: 'Enter' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save geofence' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/geo-fencing'));
  expect(await screen.findByRole('link', { name: 'Station depot (north gate)' })).toBeInTheDocument();
  const saved = await call('GET', '/geofences/GF-STATION', { token: await signIn('SA') });
  expect(saved.body).toMatchObject({ name: 'Station depot (north gate)', rule: 'enter' });
  expect(saved.body.vehicleIds).toHaveLength(12);
});

test('a new geofence without a name or a shape shows both errors and saves nothing', async () => {
  renderApp('/geo-fencing/write', { store: await signedInWorldStore('SA') });
  expect(await screen.findByRole('heading', { name: 'New geofence' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Create geofence' }));
  expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription('Enter a name.');
  expect(screen.getAllByRole('alert').some((a) => /Draw the geofence on the map/.test(a.textContent ?? ''))).toBe(true);
  const list = await call('GET', '/geofences', { token: await signIn('SA') });
  expect(list.body.total).toBe(4);
});

test('assigned vehicles are shown and can be searched for', async () => {
  renderApp('/geo-fencing/write?id=GF-MAGARPATTA', { store: await signedInWorldStore('SA') });
  const input = await screen.findByRole('textbox', { name: 'Assigned vehicles' });
  // A saved assignment reads as the vehicle's VIN and registration, as the search offers it.
  const vehicle = (await getWorldDb()).tables.vehicles.get('veh-000013')!;
  expect((await screen.findAllByText(`${vehicle.vin} · ${vehicle.registrationNumber}`)).length).toBeGreaterThan(0);
  await userEvent.type(input, 'MH');
  expect(await screen.findAllByRole('option')).not.toHaveLength(0);
});

test('an unknown geofence id shows the error instead of an empty editor', async () => {
  renderApp('/geo-fencing/write?id=nope', { store: await signedInWorldStore('SA') });
  expect(await screen.findByRole('alert')).toHaveTextContent('Geofence not found.');
});

test('a role that may only read geofences cannot open the editor', async () => {
  renderApp('/geo-fencing/write?id=GF-STATION', { store: await signedInWorldStore('DA') });
  expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save geofence' })).not.toBeInTheDocument();
});
