import { expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';

test('a trip route runs from the trip start to its end with its stops', async () => {
  const token = await signIn('SA');
  const trips = await call('GET', '/vehicles/veh-000001/trips?pageSize=1', { token });
  const trip = trips.body.items[0];
  const res = await call('GET', `/vehicles/veh-000001/trips/${trip.id}/route`, { token });
  expect(res.status).toBe(200);
  const points = res.body.points as { t: number; lat: number; lng: number; speedKmh: number }[];
  expect(points.length).toBeGreaterThan(10);
  expect(points[0]).toMatchObject({ lat: trip.start.lat, lng: trip.start.lng, t: Date.parse(trip.startedAt) });
  expect(points.at(-1)).toMatchObject({ lat: trip.end.lat, lng: trip.end.lng });
  expect(points.every((p, i) => i === 0 || p.t > points[i - 1]!.t)).toBe(true);
  for (const stop of res.body.stops) expect(stop.durationMin).toBeGreaterThanOrEqual(1);
});

test('an unknown trip answers 404', async () => {
  const token = await signIn('SA');
  expect((await call('GET', '/vehicles/veh-000001/trips/nope/route', { token })).status).toBe(404);
});
