import { VEHICLE_STATE, type VehicleStateCode } from '@/domain/live-payloads';

/** The marker colour groups of the live map. */
export const STATE_GROUP = {
  Drive: 'drive',
  Charge: 'charge',
  Standby: 'standby',
  Fault: 'fault',
  Unknown: 'unknown',
} as const;
export type StateGroup = (typeof STATE_GROUP)[keyof typeof STATE_GROUP];

/** Marker fill per group; fault is the loudest, unknown the quietest. */
export const STATE_GROUP_COLOUR: Record<StateGroup, string> = {
  drive: '#1c7ed6',
  charge: '#2f9e44',
  standby: '#868e96',
  fault: '#e03131',
  unknown: '#c2a800',
};

export const STATE_GROUP_LABEL: Record<StateGroup, string> = {
  drive: 'Driving',
  charge: 'Charging',
  standby: 'Standby',
  fault: 'Fault / emergency',
  unknown: 'Unknown',
};

const GROUP_BY_CODE = new Map<VehicleStateCode, StateGroup>([
  [VEHICLE_STATE.DriveStartUp, 'drive'],
  [VEHICLE_STATE.Drive, 'drive'],
  // Limp home is a degraded drive: the operator must notice it, so it is shown as a fault.
  [VEHICLE_STATE.LimpHome, 'fault'],
  [VEHICLE_STATE.EmergencyShutdown, 'fault'],
  [VEHICLE_STATE.ChargeStartUp, 'charge'],
  [VEHICLE_STATE.ACCharge, 'charge'],
  [VEHICLE_STATE.DCCharge, 'charge'],
  [VEHICLE_STATE.Discharge, 'charge'],
  [VEHICLE_STATE.StandBy, 'standby'],
  [VEHICLE_STATE.Accessory, 'standby'],
  [VEHICLE_STATE.StartUp, 'standby'],
  [VEHICLE_STATE.HVON, 'standby'],
  [VEHICLE_STATE.Shutdown, 'standby'],
]);

const STATE_NAME = new Map<unknown, string>(
  Object.entries(VEHICLE_STATE).map(([name, code]) => [
    code,
    name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2'),
  ]),
);

/** Groups indexed by numeric code: the map looks up 10,000 of them per redraw, and a Map keyed by mixed types is slow. */
const GROUP_BY_NUMBER: StateGroup[] = Array.from(
  { length: 128 },
  (_, code) => GROUP_BY_CODE.get(code as VehicleStateCode) ?? 'unknown',
);

/** The colour group of a vehicle state code; SNA and codes outside portal spec §3 are `unknown`. */
export function stateGroupOf(code: unknown): StateGroup {
  if (typeof code === 'number' && code >= 0 && code < GROUP_BY_NUMBER.length && Number.isInteger(code)) {
    return GROUP_BY_NUMBER[code] ?? 'unknown';
  }
  return GROUP_BY_CODE.get(code as VehicleStateCode) ?? 'unknown';
}

/** A readable name for a state code ("Drive", "AC Charge", "SNA"), or the raw code when it is not in the spec. */
export function stateLabelOf(code: unknown): string {
  return STATE_NAME.get(code) ?? `Unknown (${String(code)})`;
}
