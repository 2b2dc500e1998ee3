import { expect, test } from 'vitest';
import { errorKeysOf, valueText } from './attributes-tab';

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

test('drive mode, gear and vehicle state show their labels; measurements show their unit', () => {
  const key = (k: string, unit: string) => ({ key: k, label: k, unit, source: 2 as const, min: 0, max: 3 });
  expect(valueText(key('driveMode', 'mode'), 1)).toBe('Economy (1)');
  expect(valueText(key('driveMode', 'mode'), 2)).toBe('Performance (2)');
  expect(valueText(key('gear', 'position'), 0)).toBe('Park (0)');
  expect(valueText(key('gear', 'position'), 3)).toBe('Reverse (3)');
  expect(valueText(key('gear', 'position'), 7)).toBe('Unknown (7)');
  expect(valueText(key('stateCode', ''), 66)).toBe('Drive (66)');
  expect(valueText(key('speed', 'km/h'), 42)).toBe('42.00 km/h');
  expect(valueText(key('gear', 'position'), undefined)).toBe('—');
});
