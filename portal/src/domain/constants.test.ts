import { expect, test } from 'vitest';
import {
  CHART_PALETTE,
  chartColor,
  DEFAULT_ACTIVE_OFFSET,
  FIXED_VALUE_770,
  MOBILE_BREAKPOINT_PX,
  MODEL_CONFIGURATION_STEP_COUNT,
  QUERY_RETRIES,
  STORE_RESTORE_TIMEOUT_MS,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD,
} from './constants';

test('the business constants hold the values of spec §9', () => {
  expect(TOAST_DURATION_MS).toBe(5000);
  expect(STORE_RESTORE_TIMEOUT_MS).toBe(5000);
  expect(QUERY_RETRIES).toBe(0);
  expect(DEFAULT_ACTIVE_OFFSET).toBe(1);
  expect(MODEL_CONFIGURATION_STEP_COUNT).toBe(6);
  expect(MOBILE_BREAKPOINT_PX).toBe(450);
  expect(TOAST_SWIPE_THRESHOLD).toBe(0.8);
  expect(FIXED_VALUE_770).toBe('770');
});

test('the chart palette has twelve distinct hex colours', () => {
  expect(CHART_PALETTE).toHaveLength(12);
  expect(new Set(CHART_PALETTE).size).toBe(12);
  for (const colour of CHART_PALETTE) expect(colour).toMatch(/^#[0-9A-F]{6}$/);
});

test('chart colours wrap around the palette', () => {
  expect(chartColor(0)).toBe(CHART_PALETTE[0]);
  expect(chartColor(12)).toBe(CHART_PALETTE[0]);
  expect(chartColor(13)).toBe(CHART_PALETTE[1]);
  expect(chartColor(-1)).toBe(CHART_PALETTE[11]);
});
