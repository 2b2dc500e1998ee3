import { expect, test } from 'vitest';
import { VEHICLE_STATE } from '@/domain/live-payloads';
import { STATE_GROUP_COLOUR, stateGroupOf, stateLabelOf } from './vehicle-state-style';

test('drive states are in the drive group', () => {
  expect(stateGroupOf(VEHICLE_STATE.Drive)).toBe('drive');
  expect(stateGroupOf(VEHICLE_STATE.DriveStartUp)).toBe('drive');
});

test('AC, DC charging and discharge are in the charge group', () => {
  expect([VEHICLE_STATE.ACCharge, VEHICLE_STATE.DCCharge, VEHICLE_STATE.Discharge].map(stateGroupOf)).toEqual([
    'charge',
    'charge',
    'charge',
  ]);
});

test('emergency shutdown and limp home are faults', () => {
  expect(stateGroupOf(VEHICLE_STATE.EmergencyShutdown)).toBe('fault');
  expect(stateGroupOf(VEHICLE_STATE.LimpHome)).toBe('fault');
});

test('standby and shutdown are standby', () => {
  expect(stateGroupOf(VEHICLE_STATE.StandBy)).toBe('standby');
  expect(stateGroupOf(VEHICLE_STATE.Shutdown)).toBe('standby');
});

test('SNA and codes outside the spec are unknown', () => {
  expect(stateGroupOf(VEHICLE_STATE.SNA)).toBe('unknown');
  expect(stateGroupOf(999)).toBe('unknown');
});

test('every group has its own colour', () => {
  expect(new Set(Object.values(STATE_GROUP_COLOUR)).size).toBe(5);
});

test('state labels are readable and unknown codes show the raw code', () => {
  expect(stateLabelOf(VEHICLE_STATE.ACCharge)).toBe('AC Charge');
  expect(stateLabelOf(VEHICLE_STATE.EmergencyShutdown)).toBe('Emergency Shutdown');
  expect(stateLabelOf(7)).toBe('Unknown (7)');
});
