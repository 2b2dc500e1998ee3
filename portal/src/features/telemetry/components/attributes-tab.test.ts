import { expect, test } from 'vitest';
import { errorKeysOf } from './attributes-tab';

const template = [
  { key: 'soc', label: 'SoC', unit: '%', source: 1, min: 0, max: 100 },
  { key: 'temp', label: 'Temperature', unit: '°C', source: 1, min: -20, max: 60 },
  { key: 'speed', label: 'Speed', unit: 'km/h', source: 1, min: 0, max: 120 },
] as const;

test('keys inside their range are not in error', () => {
  expect(
    errorKeysOf(
      template,
      new Map([
        ['soc', 50],
        ['temp', 20],
        ['speed', 0],
      ]),
    ),
  ).toEqual([]);
});

test('a key above its range or silent is in error', () => {
  expect(
    errorKeysOf(
      template,
      new Map([
        ['soc', 50],
        ['temp', 75],
      ]),
    ),
  ).toEqual(['temp', 'speed']);
});

test('a vehicle state that is no state code of the spec is in error', () => {
  const withState = [
    ...template,
    { key: 'stateCode', label: 'Vehicle state', unit: '', source: 2 as const, min: 0, max: 112 },
  ];
  const latest = new Map([
    ['soc', 50],
    ['temp', 20],
    ['speed', 0],
  ]);
  expect(errorKeysOf(withState, new Map([...latest, ['stateCode', 66]]))).toEqual([]);
  expect(errorKeysOf(withState, new Map([...latest, ['stateCode', 87]]))).toEqual(['stateCode']);
});
