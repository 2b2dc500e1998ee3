import { describe, expect, test } from 'vitest';
import {
  COMPONENT_FLAG,
  COMPONENT_FLAG_LABELS,
  DELIVERY_METHOD,
  DELIVERY_METHOD_LABELS,
  flagsToLabels,
  hasFlag,
  labelsToFlags,
} from './bit-flags';

describe('bit flags', () => {
  test('delivery methods are the powers of two from Push Notification 1 to Command 32', () => {
    expect(Object.values(DELIVERY_METHOD)).toEqual([1, 2, 4, 8, 16, 32]);
  });

  test('component flags are VCU 1, BMS 2, MCU 4', () => {
    expect(COMPONENT_FLAG).toEqual({ VCU: 1, BMS: 2, MCU: 4 });
  });

  test('turn a flag number into its labels in bit order', () => {
    expect(flagsToLabels(DELIVERY_METHOD_LABELS, 2 | 8 | 32)).toEqual(['Email', 'Web Hook', 'Command']);
    expect(flagsToLabels(COMPONENT_FLAG_LABELS, 7)).toEqual(['VCU', 'BMS', 'MCU']);
    expect(flagsToLabels(COMPONENT_FLAG_LABELS, 0)).toEqual([]);
  });

  test('ignore bits that have no label', () => {
    expect(flagsToLabels(COMPONENT_FLAG_LABELS, 2 | 64)).toEqual(['BMS']);
  });

  test('turn labels back into the same flag number', () => {
    expect(labelsToFlags(DELIVERY_METHOD_LABELS, ['SMS', 'Push Notification'])).toBe(5);
    expect(labelsToFlags(DELIVERY_METHOD_LABELS, flagsToLabels(DELIVERY_METHOD_LABELS, 45))).toBe(45);
  });

  test('reject a label that is not in the table', () => {
    expect(() => labelsToFlags(COMPONENT_FLAG_LABELS, ['GPS'])).toThrow('Unknown flag label: GPS');
  });

  test('tell whether a flag is set', () => {
    expect(hasFlag(6, COMPONENT_FLAG.BMS)).toBe(true);
    expect(hasFlag(6, COMPONENT_FLAG.VCU)).toBe(false);
  });
});
