import { expect, test, vi } from 'vitest';
import { createLiveFleet } from './live-fleet';
import type { VehicleTelemetry } from '../../../domain/live-payloads';

const reading = (vehicleUid: string, ts: number, soc = 50) =>
  ({ vehicleUid, ts, soc, position: { lat: 18.5, lon: 73.8 } }) as unknown as VehicleTelemetry;

test('keeps the latest reading per vehicle and notifies once per batch', () => {
  const fleet = createLiveFleet();
  const listener = vi.fn();
  fleet.subscribe(listener);
  fleet.apply([reading('A', 1), reading('B', 1)]);
  fleet.apply([reading('A', 3, 40), reading('B', 0, 99)]);
  expect(listener).toHaveBeenCalledTimes(2);
  expect(fleet.getSnapshot().get('A')?.soc).toBe(40);
  expect(fleet.getSnapshot().get('B')?.ts).toBe(1);
});

test('an empty batch changes nothing and keeps the same snapshot', () => {
  const fleet = createLiveFleet();
  const before = fleet.getSnapshot();
  fleet.apply([]);
  expect(fleet.getSnapshot()).toBe(before);
});
