import { expect, test } from 'vitest';
import { VEHICLE_STATE } from '@/domain/live-payloads';
import { countByGroup, filterByGroups, searchVehicleIds } from './fleet-map-filter';
import type { LiveMapVehicle } from './vehicle-motion';

const at = (stateCode: LiveMapVehicle['stateCode']): LiveMapVehicle => ({
  lat: 18.5,
  lon: 73.8,
  stateCode,
  soc: 50,
  speed: 10,
  ts: 1,
});
const vehicles = new Map([
  ['veh-000001', at(VEHICLE_STATE.Drive)],
  ['veh-000002', at(VEHICLE_STATE.ACCharge)],
  ['veh-000010', at(VEHICLE_STATE.Drive)],
  ['veh-000011', at(VEHICLE_STATE.EmergencyShutdown)],
]);

test('counts vehicles per state group', () => {
  expect(countByGroup(vehicles)).toEqual({ drive: 2, charge: 1, standby: 0, fault: 1, unknown: 0 });
});

test('keeps only the vehicles of the shown groups, and the same map when all are shown', () => {
  expect([...filterByGroups(vehicles, new Set(['charge', 'fault'])).keys()]).toEqual(['veh-000002', 'veh-000011']);
  const all = new Set(['drive', 'charge', 'standby', 'fault', 'unknown'] as const);
  expect(filterByGroups(vehicles, all)).toBe(vehicles);
});

test('search finds ids containing the text, sorted and limited', () => {
  expect(searchVehicleIds(vehicles, '00001', 5)).toEqual(['veh-000001', 'veh-000010', 'veh-000011']);
  expect(searchVehicleIds(vehicles, '   ')).toEqual([]);
});
