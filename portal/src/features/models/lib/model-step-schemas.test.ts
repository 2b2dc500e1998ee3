import { expect, test } from 'vitest';
import { informationSchema, stateCodeOf, telemetrySchema } from './model-step-schemas';

const row = { key: 'speed', label: 'Speed', unit: 'km/h', source: 1, min: 0, max: 90 };

function telemetryErrors(rows: unknown[]) {
  const result = telemetrySchema.safeParse({ telemetryTemplate: rows });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

test('a telemetry template with distinct keys, units and ranges is valid', () => {
  expect(telemetryErrors([row, { ...row, key: 'soc', unit: '%' }])).toEqual([]);
});

test('a repeated telemetry key is an error on the later row', () => {
  expect(telemetryErrors([row, { ...row, key: 'Speed' }])).toEqual([
    'telemetryTemplate.1.key: This key is already in the list',
  ]);
});

test('a telemetry range needs a minimum below its maximum', () => {
  expect(telemetryErrors([{ ...row, min: 90, max: 90 }])).toEqual([
    'telemetryTemplate.0.max: The maximum must be above the minimum',
  ]);
});

test('a telemetry key needs a unit', () => {
  expect(telemetryErrors([{ ...row, unit: ' ' }])).toEqual(['telemetryTemplate.0.unit: Enter a unit']);
});

test('an empty telemetry template is an error', () => {
  expect(telemetryErrors([])).toEqual(['telemetryTemplate: Add at least one telemetry key']);
});

test('an EV model needs a vehicle type but a BMS model does not', () => {
  const base = { name: 'Comet', code: 'EV-COMET', oemId: 'oem-01', vehicleType: null };
  expect(informationSchema.safeParse({ ...base, kind: 'BMS' }).success).toBe(true);
  const ev = informationSchema.safeParse({ ...base, kind: 'EV' });
  expect(ev.error?.issues.map((i) => i.message)).toEqual(['Choose 2 Wheeler or 3 Wheeler']);
});

test('state codes typed as digits become numbers and a letter stays text', () => {
  expect([stateCodeOf('66'), stateCodeOf('F')]).toEqual([66, 'F']);
});
