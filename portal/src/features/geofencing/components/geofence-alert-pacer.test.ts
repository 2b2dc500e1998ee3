import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { alertText, createAlertPacer, type GeofenceAlert, summaryText } from './geofence-alert-pacer';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const alert = (vehicleUid: string, geofenceName = 'Depot', event: GeofenceAlert['event'] = 'enter'): GeofenceAlert => ({
  vehicleUid,
  geofenceName,
  event,
  ts: 0,
});

test('the text of one alert says who did what where', () => {
  expect(alertText(alert('veh-000001'))).toBe('veh-000001 entered Depot');
  expect(alertText(alert('veh-000002', 'Katraj', 'exit'))).toBe('veh-000002 left Katraj');
  expect(alertText(alert('veh-000003', 'Hub', 'dwell'))).toBe('veh-000003 stayed in Hub');
});

test('a summary groups by geofence and event, naming a few vehicles and counting the rest', () => {
  const alerts = [
    alert('veh-1'),
    alert('veh-2'),
    alert('veh-3'),
    alert('veh-4', 'Katraj', 'exit'),
    alert('veh-5', 'Hub'),
    alert('veh-6', 'Baner'),
    alert('veh-7', 'Baner'),
  ];
  expect(summaryText(alerts)).toBe(
    'veh-1, veh-2 and 1 more entered Depot; veh-4 left Katraj; veh-5 entered Hub; and 2 more alerts',
  );
});

test('the first alert shows at once; alerts within the gap wait and show together, none lost', () => {
  const show = vi.fn();
  const pacer = createAlertPacer(show, { gapMs: 4000 });
  pacer.push(alert('veh-1'));
  expect(show).toHaveBeenCalledTimes(1);
  expect(show.mock.calls[0]![0]).toBe('veh-1 entered Depot');
  vi.advanceTimersByTime(1000);
  pacer.push(alert('veh-2', 'Katraj', 'exit'));
  pacer.push(alert('veh-3', 'Katraj', 'exit'));
  expect(show).toHaveBeenCalledTimes(1);
  vi.advanceTimersByTime(2999);
  expect(show).toHaveBeenCalledTimes(1);
  vi.advanceTimersByTime(1);
  expect(show).toHaveBeenCalledTimes(2);
  expect(show.mock.calls[1]).toEqual(['2 geofence alerts', 'veh-2, veh-3 left Katraj']);
  // The gap starts again from the summary.
  vi.advanceTimersByTime(500);
  pacer.push(alert('veh-4'));
  expect(show).toHaveBeenCalledTimes(2);
  vi.advanceTimersByTime(3500);
  expect(show.mock.calls[2]![0]).toBe('veh-4 entered Depot');
});

test('after a quiet gap the next alert shows at once', () => {
  const show = vi.fn();
  const pacer = createAlertPacer(show, { gapMs: 4000 });
  pacer.push(alert('veh-1'));
  vi.advanceTimersByTime(4000);
  pacer.push(alert('veh-2'));
  expect(show).toHaveBeenCalledTimes(2);
});

test('disposing drops what is pending', () => {
  const show = vi.fn();
  const pacer = createAlertPacer(show, { gapMs: 4000 });
  pacer.push(alert('veh-1'));
  pacer.push(alert('veh-2'));
  pacer.dispose();
  vi.advanceTimersByTime(10_000);
  expect(show).toHaveBeenCalledTimes(1);
});
