import { expect, test } from 'vitest';
import { summaryText } from './telemetry-analysis';

const points = (...values: number[]) => values.map((v, i) => [i * 60_000, v] as const);

test('the summary of gear and drive mode names the positions and modes, without an average of codes', () => {
  expect(summaryText('gear', 'position', points(0, 2, 3, 1))).toEqual({
    min: 'Park (0)',
    max: 'Reverse (3)',
    avg: '—',
    latest: 'Neutral (1)',
  });
  expect(summaryText('driveMode', 'mode', points(2, 0))).toEqual({
    min: 'Normal (0)',
    max: 'Performance (2)',
    avg: '—',
    latest: 'Normal (0)',
  });
});

test('the summary of a measurement is numbers with the unit', () => {
  expect(summaryText('speed', 'km/h', points(10, 30))).toEqual({
    min: '10.00 km/h',
    max: '30.00 km/h',
    avg: '20.00 km/h',
    latest: '30.00 km/h',
  });
});
