/**
 * Faults raised live by the simulated fleet, kept in the demo world like the seeded ones: the vehicle's faults tab,
 * the fault's own page, the dashboards and the rule engine all read them from the `faults` table (issue 19: a fault
 * that arrives live is what a rule matches and a ticket is opened from).
 */
import type { FaultRaised } from '@/domain/live-payloads';
import { type FittedDevices, faultCatalogOf, type ModelFault, raisedFaults } from '@services/faults/raise-faults';
import type { SimulatedFault } from '../live/fleet-simulator.js';
import type { WorldDb } from './db';
import type { Device, Fault, Vehicle } from './types';

/** What the live contract allows in a telemetry fault (`faultSchema` of `domain/live-payloads.ts`). */
const MAX_CODE = 32;
const MAX_MESSAGE = 200;

/** The devices fitted to a vehicle, by kind (the vehicle's `bmsId`, `mcuId` and `vcuId`). */
function fittedDevices(db: WorldDb, vehicle: Vehicle) {
  return {
    BMS: vehicle.bmsId ? db.tables.bmsDevices.get(vehicle.bmsId) : undefined,
    MCU: vehicle.mcuId ? db.tables.mcuDevices.get(vehicle.mcuId) : undefined,
    VCU: vehicle.vcuId ? db.tables.vcuDevices.get(vehicle.vcuId) : undefined,
  };
}

/** The model faults of the vehicle's own model and of the models of the devices fitted to it (the services' catalogue). */
function modelFaultsOf(db: WorldDb, vehicle: Vehicle): ModelFault[] {
  return faultCatalogOf([
    db.tables.models.get(vehicle.modelId)?.faults,
    ...Object.values(fittedDevices(db, vehicle)).map((d) =>
      d?.modelId ? db.tables.models.get(d.modelId)?.faults : undefined,
    ),
  ]);
}

/**
 * The faults a vehicle can raise live: the catalogue of its own model (vehicle-level faults) and of the model of each
 * device fitted to it, as the model pages define them. A fault whose code the live contract cannot carry is left out.
 */
export function liveFaultCatalog(db: WorldDb, vehicleId: string): SimulatedFault[] {
  const vehicle = db.tables.vehicles.get(vehicleId);
  if (!vehicle) return [];
  return modelFaultsOf(db, vehicle)
    .filter((f) => f.code.length > 0 && f.code.length <= MAX_CODE)
    .map((f) => ({
      code: f.code,
      severity: f.severity,
      kind: f.kind,
      device: f.deviceKind,
      message: f.name.slice(0, MAX_MESSAGE),
    }));
}

/**
 * Stores the faults one vehicle raised at `ts` as active, unacknowledged occurrences and returns them: the services'
 * `raisedFaults` (the server's ingestion stores the same rows, decision 0126).
 */
export function recordLiveFaults(
  db: WorldDb,
  vehicleId: string,
  faults: readonly SimulatedFault[],
  ts: number,
): Fault[] {
  const vehicle = db.tables.vehicles.get(vehicleId);
  if (!vehicle) return [];
  const devices: FittedDevices = {};
  for (const [kind, device] of Object.entries(fittedDevices(db, vehicle)) as [
    keyof FittedDevices,
    Device | undefined,
  ][])
    if (device) devices[kind] = device.id;
  // Rows as the world keeps them: times in epoch ms (a live fault is neither cleared nor acknowledged yet).
  return raisedFaults({ id: vehicleId, devices }, modelFaultsOf(db, vehicle), faults as FaultRaised[], ts).map((f) =>
    db.tables.faults.insert({ ...f, occurredAt: ts, clearedAt: null, acknowledgedAt: null }),
  );
}

/**
 * What the demo's broker emulator needs to raise faults from the world's catalogue and to store them as they are
 * raised (persisted like any other change, so a reload keeps them).
 */
export function liveFaultOptions(db: WorldDb) {
  return {
    faultsOf: (vehicleId: string) => liveFaultCatalog(db, vehicleId),
    onFaults: (vehicleId: string, faults: readonly SimulatedFault[], ts: number) => {
      if (recordLiveFaults(db, vehicleId, faults, ts).length > 0) void db.persist().catch(() => undefined);
    },
  };
}
