import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { LiveBatch, LiveEvent, LiveSink } from './live-batcher';
import { LiveProvider } from './live-context';
import type { LiveController } from './live-controller';
import type { GeofenceEvent } from '../../../domain/live-payloads';
import { topics } from './topics';
import { useLiveEvents } from './use-live-events';

afterEach(cleanup);

/** A controller double that records interest and lets the test hand over batches. */
function fakeController() {
  const listeners = new Set<LiveSink>();
  const interest = new Map<string, readonly string[]>();
  const controller = {
    setInterest: (owner: string, list: readonly string[]) => void interest.set(owner, list),
    clearInterest: (owner: string) => void interest.delete(owner),
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
  return { controller, interest, deliver, listeners };
}

const crossing = (vehicleUid: string, event: 'enter' | 'exit', ts: number): GeofenceEvent => ({
  v: 1,
  vehicleUid,
  geofenceId: 'GF-1',
  geofenceName: 'Depot',
  event,
  position: { lat: 18.5, lon: 73.8, heading: 0 },
  ts,
});

function Feed({ onEvent }: { onEvent?: (e: GeofenceEvent) => void }) {
  const events = useLiveEvents('feed', [topics.fleetEventsFilter('geofences')], 'geofence', { max: 2, onEvent });
  return (
    <ul>
      {events.map((e) => (
        <li key={`${e.vehicleUid}-${e.ts}`}>{`${e.vehicleUid} ${e.event}`}</li>
      ))}
    </ul>
  );
}

test('geofence events appear newest first, keeping only the latest few, and other kinds are ignored', () => {
  const live = fakeController();
  const onEvent = vi.fn();
  render(
    <LiveProvider controller={live.controller}>
      <Feed onEvent={onEvent} />
    </LiveProvider>,
  );
  expect(live.interest.get('feed')).toEqual(['voltline/v1/vehicles/+/geofences']);
  live.deliver([{ kind: 'geofence', data: crossing('VH-1', 'enter', 1) }]);
  live.deliver([
    { kind: 'geofence', data: crossing('VH-2', 'enter', 2) },
    { kind: 'geofence', data: crossing('VH-1', 'exit', 3) },
  ]);
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['VH-1 exit', 'VH-2 enter']);
  expect(onEvent).toHaveBeenCalledTimes(3);
});

test('leaving the screen releases the topics and the batch listener', () => {
  const live = fakeController();
  const view = render(
    <LiveProvider controller={live.controller}>
      <Feed />
    </LiveProvider>,
  );
  view.unmount();
  expect(live.interest.has('feed')).toBe(false);
  expect(live.listeners.size).toBe(0);
});

/** Counts its renders in `counter.renders`. */
function Listener({ onEvent, counter }: { onEvent: (e: GeofenceEvent) => void; counter: { renders: number } }) {
  counter.renders += 1;
  const events = useLiveEvents('listener', [topics.fleetEventsFilter('geofences')], 'geofence', { max: 0, onEvent });
  return <p>{`${events.length} kept`}</p>;
}

test('with max 0 only onEvent hears the events: the component keeps none and does not render again', () => {
  const live = fakeController();
  const onEvent = vi.fn();
  const counter = { renders: 0 };
  render(
    <LiveProvider controller={live.controller}>
      <Listener onEvent={onEvent} counter={counter} />
    </LiveProvider>,
  );
  const before = counter.renders;
  live.deliver([
    { kind: 'geofence', data: crossing('VH-1', 'enter', 1) },
    { kind: 'geofence', data: crossing('VH-2', 'enter', 2) },
  ]);
  expect(onEvent).toHaveBeenCalledTimes(2);
  expect(counter.renders).toBe(before);
  expect(screen.getByText('0 kept')).toBeInTheDocument();
});
