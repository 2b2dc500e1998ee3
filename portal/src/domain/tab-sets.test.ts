import { expect, test } from 'vitest';
import {
  BMS_TABS,
  currentTabOf,
  MASTER_DATA_TABS,
  MCU_TABS,
  MODEL_CONFIGURATION_STEPS,
  MODEL_TABS,
  USER_MANAGEMENT_TABS,
  VEHICLE_TABS,
} from './tab-sets';
import { MODEL_CONFIGURATION_STEP_COUNT } from './constants';

const labels = (tabs: readonly { label: string }[]) => tabs.map((t) => t.label);

test('vehicle details have the eight tabs of the spec in order', () => {
  expect(labels(VEHICLE_TABS)).toEqual([
    'Overview',
    'Trip Analysis',
    'Notifications',
    'Commands',
    'Fault & Alerts',
    'Analysis',
    'Attributes',
    'Location Analysis',
  ]);
});

test('BMS details have eight tabs with Battery State Cycle second', () => {
  expect(labels(BMS_TABS)).toEqual([
    'Overview',
    'Battery State Cycle',
    'Notifications',
    'Commands',
    'Fault & Alerts',
    'Analysis',
    'Attributes',
    'Location Analysis',
  ]);
});

test('MCU details have six tabs', () => {
  expect(labels(MCU_TABS)).toEqual([
    'Overview',
    'Notifications',
    'Commands',
    'Fault & Alerts',
    'Analysis',
    'Location Analysis',
  ]);
});

test('models have six tabs and the configuration flow six numbered steps', () => {
  expect(labels(MODEL_TABS)).toEqual([
    'Information',
    'Master Data',
    'Telemetry',
    'Configuration',
    'Commands',
    'Faults',
  ]);
  expect(MODEL_CONFIGURATION_STEPS.map((s) => `${s.id} ${s.label}`)).toEqual([
    '1 Information',
    '2 Master Data',
    '3 Commands',
    '4 Faults',
    '5 Configurations',
    '6 Telemetry',
  ]);
  expect(MODEL_CONFIGURATION_STEPS).toHaveLength(MODEL_CONFIGURATION_STEP_COUNT);
});

test('master data has one sub-tab per device kind', () => {
  expect(MASTER_DATA_TABS).toEqual({
    vcu: { id: 'vcu', label: 'Vehicle State' },
    bms: { id: 'bms', label: 'BMS State' },
    mcu: { id: 'mcu', label: 'MCU State' },
  });
});

test('user management has three tabs', () => {
  expect(labels(USER_MANAGEMENT_TABS)).toEqual(['Users', 'Role & Permissions', 'Device Group']);
});

test('tab ids are unique within each set', () => {
  for (const set of [VEHICLE_TABS, BMS_TABS, MCU_TABS, MODEL_TABS, USER_MANAGEMENT_TABS]) {
    expect(new Set(set.map((t) => t.id)).size).toBe(set.length);
  }
});

test('exactly one tab is current: the requested one, or the first when the request is unknown', () => {
  expect(currentTabOf(VEHICLE_TABS, 'commands')?.label).toBe('Commands');
  expect(currentTabOf(VEHICLE_TABS, 'nope')?.label).toBe('Overview');
  expect(currentTabOf(VEHICLE_TABS, null)?.label).toBe('Overview');
  expect(currentTabOf([], 'x')).toBeUndefined();
});
