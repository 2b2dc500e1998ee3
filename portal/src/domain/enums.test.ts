import { describe, expect, test } from 'vitest';
import {
  ALERT_SEVERITY,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_NAMES,
  alertSeverityColor,
  DEVICE_STATE,
  DEVICE_STATE_LABELS,
  FAULT_SEVERITY,
  faultSeverityColor,
  labelOf,
  SEVERITY_COLORS,
  TICKET_STATUS,
  TICKET_STATUS_LABELS,
  TRIP_STATUS,
  BATTERY_CYCLE_STATUS,
  BATTERY_CHEMISTRY,
  BATTERY_CHEMISTRY_LABELS,
  VEHICLE_STATE,
  VEHICLE_STATE_LABELS,
  FIRMWARE_UPDATE_STATUS_LABELS,
  COOLING_LABELS,
} from './enums';

describe('enumerations', () => {
  test('vehicle state codes are the fourteen of the spec, with SNA sent as F', () => {
    expect(Object.values(VEHICLE_STATE)).toEqual([0, 16, 32, 48, 64, 66, 67, 80, 81, 82, 96, 101, 112, 'F']);
    expect(VEHICLE_STATE_LABELS[VEHICLE_STATE.LIMP_HOME]).toBe('Limp Home');
    expect(VEHICLE_STATE_LABELS.F).toBe('SNA');
  });

  test('BMS and MCU states run from Off 0 to Fault 6 plus SNA', () => {
    expect(Object.values(DEVICE_STATE)).toEqual([0, 1, 2, 3, 4, 5, 6, 'F']);
    expect(DEVICE_STATE_LABELS[3]).toBe('LimpHome');
  });

  test('battery chemistries are the five codes of the spec, labelled as words', () => {
    expect(BATTERY_CHEMISTRY).toEqual({ NMC: 0, LFP: 1, NAAIR: 2, SOLID_STATE: 3, OTHER: 4 });
    expect(Object.values(BATTERY_CHEMISTRY).map((c) => BATTERY_CHEMISTRY_LABELS[c])).toEqual([
      'NMC',
      'LFP',
      'Na-air',
      'Solid state',
      'Other',
    ]);
  });

  test('ticket statuses number New 1 to Closed 6', () => {
    expect(TICKET_STATUS).toEqual({ NEW: 1, IN_PROGRESS: 2, HOLD: 3, REOPEN: 4, DELETED: 5, CLOSED: 6 });
    expect(TICKET_STATUS_LABELS[2]).toBe('In-Progress');
  });

  test('battery cycles use the trip statuses', () => {
    expect(BATTERY_CYCLE_STATUS).toBe(TRIP_STATUS);
    expect(TRIP_STATUS.UNRECOVERABLE).toBe(4);
  });

  test('fault severity runs from None 0 to Emergency 5 plus SNA', () => {
    expect(FAULT_SEVERITY).toEqual({ NONE: 0, LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4, EMERGENCY: 5, SNA: 'F' });
  });

  test('the cooling list keeps both liquid variants and firmware status keeps its five values', () => {
    expect(COOLING_LABELS[3]).toBe('Liquid');
    expect(COOLING_LABELS[4]).toBe('Liquid cooled');
    expect(Object.keys(FIRMWARE_UPDATE_STATUS_LABELS)).toEqual(['0', '1', '2', '3', '4']);
  });
});

describe('severity colours', () => {
  test('are green, yellow, orange and red for low to critical', () => {
    expect(SEVERITY_COLORS).toEqual({ Low: '#50C878', Medium: '#E2D02A', High: '#FF9800', Critical: '#DE465F' });
  });

  test('follow the alert-severity mapping Medium 1, High 2, Low 3, Critical 4', () => {
    expect(ALERT_SEVERITY).toEqual({ MEDIUM: 1, HIGH: 2, LOW: 3, CRITICAL: 4 });
    expect(alertSeverityColor(3)).toBe('#50C878');
    expect(alertSeverityColor(1)).toBe('#E2D02A');
    expect(alertSeverityColor(9)).toBeUndefined();
  });

  test('colour fault severities that have a level and leave the others uncoloured', () => {
    expect(faultSeverityColor(FAULT_SEVERITY.HIGH)).toBe('#FF9800');
    expect(faultSeverityColor(FAULT_SEVERITY.NONE)).toBeUndefined();
    expect(faultSeverityColor(FAULT_SEVERITY.SNA)).toBeUndefined();
  });
});

describe('audit', () => {
  test('keeps the wire spelling Barrety Cycle among its 34 entity names', () => {
    expect(AUDIT_ENTITY_NAMES).toContain('Barrety Cycle');
    expect(AUDIT_ENTITY_NAMES).not.toContain('Battery Cycle');
    expect(AUDIT_ENTITY_NAMES).toHaveLength(34);
  });

  test('has the seven audit actions', () => {
    expect(AUDIT_ACTIONS).toEqual(['Add', 'Update', 'Clone', 'Export', 'Resync', 'Assign', 'Bulk Import']);
  });
});

describe('labelOf', () => {
  test('returns the label of a known value and the fallback for anything else', () => {
    expect(labelOf(TICKET_STATUS_LABELS, 6)).toBe('Closed');
    expect(labelOf(TICKET_STATUS_LABELS, '4')).toBe('Reopen');
    expect(labelOf(TICKET_STATUS_LABELS, 42)).toBe('Unknown');
    expect(labelOf(VEHICLE_STATE_LABELS, null, '-')).toBe('-');
  });
});
