/**
 * Faults raised live by the simulated fleet, kept in the demo world like the seeded ones: the vehicle's faults tab,
 * the fault's own page, the dashboards and the rule engine all read them from the `faults` table (issue 19: a fault
 * that arrives live is what a rule matches and a ticket is opened from).
 */
import type { SimulatedFault } from '../live/fleet-simulator.js';
import type { WorldDb } from './db';
import type { components } from '@/domain/api-schema';
import type { Fault, Vehicle } from './types';

type ModelFault = components['schemas']['ModelFault'];

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

/** The model faults of the vehicle's own model and of the models of the devices fitted to it, each code once. */
function modelFaultsOf(db: WorldDb, vehicle: Vehicle): ModelFault[] {
  const modelIds = new Set([vehicle.modelId]);
  for (const device of Object.values(fittedDevices(db, vehicle))) if (device?.modelId) modelIds.add(device.modelId);
  const seen = new Set<string>();
  return [...modelIds].flatMap((id) =>
    (db.tables.models.get(id)?.faults ?? []).filter((f) => {
      const key = `${f.deviceKind}:${f.code}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  );
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
 * Stores the faults one vehicle raised at `ts` as active, unacknowledged occurrences and returns them. The name and
 * scope come from the vehicle's model catalogue when the code is there (the simulator's message otherwise).
 */
export function recordLiveFaults(
  db: WorldDb,
  vehicleId: string,
  faults: readonly SimulatedFault[],
  ts: number,
): Fault[] {
  const vehicle = db.tables.vehicles.get(vehicleId);
  if (!vehicle) return [];
  const catalog = modelFaultsOf(db, vehicle);
  const devices = fittedDevices(db, vehicle);
  const stored: Fault[] = [];
  faults.forEach((f, i) => {
    const known = catalog.find((m) => m.code === f.code && m.deviceKind === f.device);
    stored.push(
      db.tables.faults.insert({
        id: `flt-live-${vehicleId}-${ts}-${i + 1}`,
        vehicleId,
        deviceId: f.device === 'EV' ? null : (devices[f.device]?.id ?? null),
        deviceKind: f.device,
        code: f.code,
        name: known?.name ?? f.message ?? f.code,
        kind: f.kind,
        scope: known?.scope ?? (f.device === 'EV' ? 'System' : 'Component'),
        severity: f.severity,
        occurredAt: ts,
        clearedAt: null,
        acknowledgedAt: null,
        acknowledgedBy: null,
      }),
    );
  });
  return stored;
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
