import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { call, signIn } from '@/mocks/test/api-test-client';
import { signedInWorldStore } from '@/test/api-sign-in';
import type { AppStore } from '@/state/app-store';
import { AppStoreProvider } from '@/state/store-context';
import { type ApiTrip, TripPlayback } from './trip-playback';
import { formatTime } from '@/shared/lib/format';

async function firstTrip(): Promise<ApiTrip> {
  const res = await call('GET', '/vehicles/veh-000001/trips?pageSize=1&filter[status]=2', {
    token: await signIn('SA'),
  });
  return res.body.items[0] as ApiTrip;
}

function renderPlayback(store: AppStore, trip: ApiTrip, vehicleId = 'veh-000001') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 0 } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <AppStoreProvider store={store}>
          <TripPlayback vehicleId={vehicleId} trip={trip} />
        </AppStoreProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const readout = () => screen.getByRole('group', { name: 'Position readout' });

test('the trip starts at its first point with its summary and stops', async () => {
  const store = await signedInWorldStore('SA');
  const trip = await firstTrip();
  renderPlayback(store, trip);
  expect(await screen.findByRole('group', { name: 'Position readout' })).toHaveTextContent(formatTime(trip.startedAt));
  expect(within(readout()).getByText('Speed 0 km/h')).toBeInTheDocument();
  expect(screen.getByText(`${trip.distanceKm} km`)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
});

test('moving the scrubber moves the position', async () => {
  const store = await signedInWorldStore('SA');
  const trip = await firstTrip();
  renderPlayback(store, trip);
  const slider = await screen.findByRole('slider', { name: 'Trip position' });
  act(() => slider.focus());
  fireEvent.keyDown(slider, { key: 'End' });
  expect(readout()).toHaveTextContent(formatTime(trip.endedAt));
});

test('choosing 4x stores the speed as activeOffset', async () => {
  const store = await signedInWorldStore('SA');
  renderPlayback(store, await firstTrip());
  expect(store.getState().vehicle.activeOffset).toBe(1);
  await userEvent.click(await screen.findByRole('radio', { name: '4x' }));
  expect(store.getState().vehicle.activeOffset).toBe(4);
});

test('Space plays and pauses, and so does the play button', async () => {
  const store = await signedInWorldStore('SA');
  renderPlayback(store, await firstTrip());
  await screen.findByRole('button', { name: 'Play' });
  fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
  expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
  await userEvent.click(screen.getByRole('button', { name: 'Play' }));
  expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
});

test('a stop in the list jumps the playback to it', async () => {
  const store = await signedInWorldStore('SA');
  const trip = await firstTrip();
  const route = await call('GET', `/vehicles/veh-000001/trips/${trip.id}/route`, { token: await signIn('SA') });
  const stops = route.body.stops as { startedAt: string }[];
  expect(stops.length).toBeGreaterThan(0);
  renderPlayback(store, trip);
  const list = await screen.findByRole('list', { name: 'Stops' });
  await userEvent.click(within(list).getAllByRole('button')[0]!);
  expect(readout()).toHaveTextContent(formatTime(stops[0]!.startedAt));
});

test('an unknown trip shows the error', async () => {
  const store = await signedInWorldStore('SA');
  const trip = await firstTrip();
  renderPlayback(store, { ...trip, id: 'nope' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Trip not found.');
});

test('without its summary the playback leaves distance and speeds to the page around it', async () => {
  const store = await signedInWorldStore('SA');
  const trip = await firstTrip();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 0 } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <AppStoreProvider store={store}>
          <TripPlayback vehicleId="veh-000001" trip={trip} withSummary={false} />
        </AppStoreProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  expect(await screen.findByRole('group', { name: 'Position readout' })).toBeInTheDocument();
  expect(screen.queryByText(`${trip.distanceKm} km`)).not.toBeInTheDocument();
});
