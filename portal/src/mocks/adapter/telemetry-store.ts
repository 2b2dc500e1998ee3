import type { BatteryCycle, BatteryCycleDeps, BatteryCycleStore } from '@services/battery-cycles/cycle-store';
import type { CycleFilterField, CycleSortField } from '@services/battery-cycles/cycle-list-spec';
import { unionOfTemplates } from '@services/telemetry/get-telemetry';
import type { TelemetryDeps, TelemetryKey, TelemetryStore } from '@services/telemetry/telemetry-store';
import { toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import {
  type BatteryCycleRow,
  batteryCyclesOf,
  CELL_SAMPLES,
  cellHistoryOf,
  telemetryRunsOf,
} from '../world/histories';
import type { Device, Vehicle } from '../world/types';
import { DEVICE_TYPE_TABLE, worldDeviceStore } from './device-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { DEVICE_FIELD, DEVICE_TABLE, worldVehicleStore } from './vehicle-store';

const templateOf = (db: WorldDb, modelId: string | null | undefined): TelemetryKey[] =>
  modelId ? ((db.tables.models.get(modelId)?.telemetryTemplate ?? []) as TelemetryKey[]) : [];

function deviceOf(db: WorldDb, id: string): Device | undefined {
  for (const table of Object.values(DEVICE_TYPE_TABLE)) {
    const device = db.tables[table].get(id);
    if (device) return device;
  }
  return undefined;
}

/**
 * The TelemetryStore of the services over the demo world: a subject's runs are generated on demand for any range
 * (`telemetryRunsOf`, the rows the server seeds for its window), with the keys of its models' templates.
 */
export function worldTelemetryStore(db: WorldDb): TelemetryStore {
  return {
    async runs(subjectId, from, to) {
      const { seed } = db.world;
      const vehicle = db.tables.vehicles.get(subjectId);
      if (vehicle) {
        const models = [
          vehicle.modelId,
          ...(['BMS', 'MCU', 'VCU'] as const).map((type) => {
            const id = vehicle[DEVICE_FIELD[type]];
            return id ? db.tables[DEVICE_TABLE[type]].get(id)?.modelId : undefined;
          }),
        ];
        const template = unionOfTemplates(models.map((id) => templateOf(db, id)));
        return telemetryRunsOf(seed, vehicle.id, template, from, to, { vehicle, lastSeenAt: vehicle.lastSeenAt });
      }
      const device = deviceOf(db, subjectId);
      if (!device) return [];
      const fittedTo: Vehicle | null = device.vehicleId ? (db.tables.vehicles.get(device.vehicleId) ?? null) : null;
      return telemetryRunsOf(seed, device.id, templateOf(db, device.modelId), from, to, {
        vehicle: fittedTo,
        lastSeenAt: device.lastSeenAt,
      });
    },
    async templates(modelIds) {
      const out = new Map<string, TelemetryKey[]>();
      for (const id of modelIds) if (db.tables.models.get(id)) out.set(id, templateOf(db, id));
      return out;
    },
  };
}

/** The telemetry services' dependencies over the demo world, for a caller whose grants widen their scope. */
export function worldTelemetryDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): TelemetryDeps {
  return {
    telemetry: worldTelemetryStore(db),
    vehicles: worldVehicleStore(db, { granted }),
    devices: worldDeviceStore(db, { granted }),
    now: () => new Date(db.world.referenceTime),
  };
}

const CYCLE_COLUMNS: MemoryListSpec<BatteryCycleRow, CycleSortField, CycleFilterField> = {
  sortable: {
    index: (c) => c.index,
    startedAt: (c) => c.startedAt,
    energyKwh: (c) => c.energyKwh,
    status: (c) => c.status,
  },
  filterable: { status: (c) => c.status },
  searchable: [],
  time: (c) => c.startedAt,
};

/** A BMS's cycles, newest first, generated on demand: its vehicle's drive profile's when fitted (issue 37 item 7). */
function cyclesOf(db: WorldDb, bmsId: string): { bms: Device; cycles: BatteryCycleRow[] } | undefined {
  const bms = db.tables.bmsDevices.get(bmsId);
  if (!bms) return undefined;
  const vehicle = bms.vehicleId ? (db.tables.vehicles.get(bms.vehicleId) ?? null) : null;
  return { bms, cycles: batteryCyclesOf(db.world.seed, bms, db.world.referenceTime, vehicle) };
}

/** The BatteryCycleStore of the services over the demo world: cycles and their cells from the generators. */
export function worldBatteryCycleStore(db: WorldDb): BatteryCycleStore {
  return {
    async list(bmsId, query) {
      const { items, total } = memoryList(cyclesOf(db, bmsId)?.cycles ?? [], query, CYCLE_COLUMNS);
      return { items: items.map((c) => toApi<BatteryCycle>(c)), total };
    },
    async get(bmsId, cycleId) {
      const cycle = cyclesOf(db, bmsId)?.cycles.find((c) => c.id === cycleId);
      return cycle ? toApi<BatteryCycle>(cycle) : undefined;
    },
    async cells(bmsId, cycleId) {
      const found = cyclesOf(db, bmsId);
      const cycle = found?.cycles.find((c) => c.id === cycleId);
      if (!found?.bms.bms || !cycle) return [];
      return cellHistoryOf(db.world.seed, cycle, found.bms.bms.cellCount, CELL_SAMPLES, db.world.referenceTime);
    },
  };
}

/** The battery cycle services' dependencies over the demo world (the world's "now" ends a running cycle's cells). */
export function worldBatteryCycleDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): BatteryCycleDeps {
  return {
    cycles: worldBatteryCycleStore(db),
    devices: worldDeviceStore(db, { granted }),
    now: () => new Date(db.world.referenceTime),
  };
}
