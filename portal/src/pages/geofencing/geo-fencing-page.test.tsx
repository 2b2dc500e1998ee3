import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, test } from 'vitest';
import type { LiveBatch, LiveEvent, LiveSink } from '@/shared/lib/live/live-batcher';
import type { LiveController } from '@/shared/lib/live/live-controller';
import { createLiveFleet } from '@/shared/lib/live/live-fleet';
import type { GeofenceEvent } from '@/domain/live-payloads';
import { preloadPages, renderApp } from '@/test/render';
import { signedInWorldStore } from '@/test/api-sign-in';

beforeAll(preloadPages, 60_000);

const rows = () =>
  within(screen.getByRole('table', { name: 'Geofences' }))
    .getAllByRole('row')
    .slice(1);

test('lists the geofences with their rule, delivery methods and assigned vehicles', async () => {
  renderApp('/geo-fencing', { store: await signedInWorldStore('SA') });
  const station = (await screen.findByRole('link', { name: 'Pune Station Depot' })).closest('tr')!;
  expect(within(station).getByText('Exit')).toBeInTheDocument();
  expect(within(station).getByText('Email, Web Alert')).toBeInTheDocument();
  expect(within(station).getByText('veh-000001')).toBeInTheDocument();
  expect(within(station).getByText('+9 more')).toBeInTheDocument();
  const hinjewadi = screen.getByRole('link', { name: 'Hinjewadi IT Park' }).closest('tr')!;
  expect(within(hinjewadi).getByText('All vehicles')).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /Magarpatta/ })).getByText('Dwell 20 min')).toBeInTheDocument();
  expect(screen.getByText('4 geofences')).toBeInTheDocument();
});

test('searching by name narrows the list', async () => {
  renderApp('/geo-fencing', { store: await signedInWorldStore('SA') });
  await screen.findByRole('link', { name: 'Pune Station Depot' });
  await userEvent.type(screen.getByRole('textbox', { name: 'Search geofences' }), 'katraj');
  await waitFor(() => expect(rows()).toHaveLength(1));
  expect(screen.getByRole('link', { name: 'Katraj Service Centre' })).toBeInTheDocument();
  await userEvent.clear(screen.getByRole('textbox', { name: 'Search geofences' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Search geofences' }), 'nowhere');
  expect(await screen.findByText('No geofence matches "nowhere".')).toBeInTheDocument();
});

test('deleting asks first, and a confirmed delete removes the geofence', async () => {
  renderApp('/geo-fencing', { store: await signedInWorldStore('SA') });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Katraj Service Centre' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete geofence?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('link', { name: 'Katraj Service Centre' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Delete Katraj Service Centre' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Katraj Service Centre' })).not.toBeInTheDocument());
  expect(await screen.findByText('Geofence Katraj Service Centre deleted')).toBeInTheDocument();
  expect(screen.getByText('3 geofences')).toBeInTheDocument();
});

test('a role that may only read geofences gets no new, edit or delete actions', async () => {
  renderApp('/geo-fencing', { store: await signedInWorldStore('DA') });
  expect(await screen.findByText('Pune Station Depot')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'New geofence' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
});

test('the live event panel waits for events', async () => {
  renderApp('/geo-fencing', { store: await signedInWorldStore('SA') });
  const panel = await screen.findByRole('region', { name: 'Live events' });
  expect(within(panel).getByText(/appear here as it happens/)).toBeInTheDocument();
});

/** A live controller double that hands the page the batches a test delivers. */
function fakeLive() {
  const listeners = new Set<LiveSink>();
  const controller = {
    setInterest: () => undefined,
    clearInterest: () => undefined,
    subscribeBatches: (listener: LiveSink) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as LiveController;
  const deliver = (events: LiveEvent[]) => {
    const batch: LiveBatch = { vehicles: [], devices: [], events, coalesced: 0, overflowed: 0, flushedAt: 0 };
    act(() => {
      for (const listener of listeners) listener(batch);
    });
  };
  return { live: { controller, fleet: createLiveFleet() }, deliver };
}

const crossing = (vehicleUid: string, geofenceId: string, geofenceName: string, event: 'enter' | 'exit') => ({
  kind: 'geofence' as const,
  data: {
    v: 1,
    vehicleUid,
    geofenceId,
    geofenceName,
    event,
    position: { lat: 18.5, lon: 73.8, heading: 0 },
    ts: Date.UTC(2026, 10, 22, 9, 30),
  } satisfies GeofenceEvent,
});

test('events show live; one matching its geofence rule raises a Web Alert toast, others do not', async () => {
  const { live, deliver } = fakeLive();
  renderApp('/geo-fencing', { store: await signedInWorldStore('SA'), live });
  await screen.findByRole('link', { name: 'Pune Station Depot' });
  // Pune Station Depot alerts on exit by Web Alert; an enter there is listed but raises no toast.
  deliver([crossing('veh-000007', 'GF-STATION', 'Pune Station Depot', 'enter')]);
  const list = screen.getByRole('list', { name: 'Geofence events' });
  expect(within(list).getByText('veh-000007')).toBeInTheDocument();
  deliver([crossing('veh-000008', 'GF-STATION', 'Pune Station Depot', 'exit')]);
  expect(await screen.findByText('veh-000008 left Pune Station Depot')).toBeInTheDocument();
  expect(screen.queryByText('veh-000007 entered Pune Station Depot')).not.toBeInTheDocument();
});

test('an event of a geofence not on screen fetches its rule and still raises its alert', async () => {
  const { live, deliver } = fakeLive();
  renderApp('/geo-fencing', { store: await signedInWorldStore('SA'), live });
  await screen.findByRole('link', { name: 'Pune Station Depot' });
  await userEvent.type(screen.getByRole('textbox', { name: 'Search geofences' }), 'katraj');
  await waitFor(() => expect(rows()).toHaveLength(1));
  deliver([crossing('veh-000009', 'GF-STATION', 'Pune Station Depot', 'exit')]);
  expect(await screen.findByText('veh-000009 left Pune Station Depot')).toBeInTheDocument();
});
