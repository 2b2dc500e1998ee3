import { afterEach, expect, test } from 'vitest';
import { DEMO_SIZE_STORAGE_KEY, resolveWorldOptions, saveWorldOptions } from './world-settings';

afterEach(() => localStorage.clear());

test('defaults to seed 1 and 300 vehicles', () => {
  expect(resolveWorldOptions('')).toEqual({ seed: 1, size: 300 });
});

test('reads the size and seed from the URL', () => {
  expect(resolveWorldOptions('?demoSize=100000&demoSeed=7')).toEqual({ seed: 7, size: 100_000 });
});

test('reads the size chosen in the settings when the URL has none', () => {
  saveWorldOptions({ size: 5000 });
  expect(localStorage.getItem(DEMO_SIZE_STORAGE_KEY)).toBe('5000');
  expect(resolveWorldOptions('')).toEqual({ seed: 1, size: 5000 });
});

test('lets the URL win over the settings', () => {
  saveWorldOptions({ size: 5000 });
  expect(resolveWorldOptions('?demoSize=20').size).toBe(20);
});

test('clamps sizes above 100,000 and ignores non-numbers', () => {
  expect(resolveWorldOptions('?demoSize=250000').size).toBe(100_000);
  expect(resolveWorldOptions('?demoSize=lots').size).toBe(300);
});
