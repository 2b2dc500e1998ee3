import { expect, test } from 'vitest';
import { heatmapCells, outlierCell, perCell, spreadOverTime } from './cell-stats';

const history = {
  cycleId: 'c1',
  cellCount: 3,
  items: [
    { t: 1, voltages: [3.7, 3.6, 3.72], temperatures: [25, 30, 26] },
    { t: 2, voltages: [3.6, 3.4, 3.62], temperatures: [27, 34, 28] },
  ],
};

test('the spread over time holds the min, max and delta of each sample', () => {
  const { min, max, delta } = spreadOverTime(history, 'voltages');
  expect(min).toEqual([
    [1, 3.6],
    [2, 3.4],
  ]);
  expect(max).toEqual([
    [1, 3.72],
    [2, 3.62],
  ]);
  expect(delta).toEqual([
    [1, 0.12],
    [2, 0.22],
  ]);
});

test('per-cell figures cover every sample of the cycle', () => {
  expect(perCell(history, 'temperatures')[1]).toEqual({ cell: 2, min: 30, max: 34, avg: 32 });
});

test('the weak cell is the lowest voltage, and the hottest for temperatures', () => {
  expect(outlierCell(history, 'voltages')).toBe(2);
  expect(outlierCell(history, 'temperatures')).toBe(2);
});

test('heatmap cells are indexed by sample and cell', () => {
  expect(heatmapCells(history, 'voltages')).toContainEqual([1, 2, 3.62]);
  expect(heatmapCells(history, 'voltages')).toHaveLength(6);
});
