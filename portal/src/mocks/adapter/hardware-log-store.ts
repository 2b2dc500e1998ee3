import type { HardwareLogDeps, HardwareLogEntry, HardwareLogStore } from '@services/hardware-logs/hardware-log-store';
import type { HardwareLogFilterField, HardwareLogSortField } from '@services/hardware-logs/hardware-log-list-spec';
import { deviceTest } from '../handlers/lib/scope';
import { toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import { type HardwareLogRow, hardwareLogsOf } from '../world/hardware-logs';
import type { Device, Vehicle } from '../world/types';
import { type MemoryListSpec, memoryList } from './memory-list';

const COLUMNS: MemoryListSpec<HardwareLogRow, HardwareLogSortField, HardwareLogFilterField> = {
  sortable: { occurredAt: (h) => h.occurredAt },
  filterable: { level: (h) => h.level, deviceId: (h) => h.deviceId },
  searchable: [(h) => h.message, (h) => h.deviceSerial],
  time: (h) => h.occurredAt,
};

/**
 * The HardwareLogStore of the services over the demo world: the messages are generated from the clock on demand
 * (`world/hardware-logs.ts`, three days back from now), cut by the device scope, the range and the levels asked for,
 * then listed in memory. `granted` widens the device scope by the caller's access grants (a demo-only widening).
 */
export function worldHardwareLogStore(
  db: WorldDb,
  options: { granted?: ((vehicle: Vehicle) => boolean) | undefined } = {},
): HardwareLogStore {
  return {
    async list(scope, query) {
      const fitted: Device[] = [];
      for (const logger of db.tables.loggers.values()) if (logger.vehicleId !== null) fitted.push(logger);
      const level = query.filters.find((f) => f.field === 'level');
      const rows = hardwareLogsOf(db.world.seed, fitted, Date.now(), {
        ...(query.from !== undefined ? { from: query.from.getTime() } : {}),
        ...(query.to !== undefined ? { to: query.to.getTime() } : {}),
        keep: deviceTest(db, scope, options.granted),
        ...(level ? { level: new Set(level.values as string[]) } : {}),
      });
      const { items, total } = memoryList(rows, query, COLUMNS);
      return { items: items.map((h) => toApi<HardwareLogEntry>(h)), total };
    },
  };
}

/** The hardware log service's dependencies over the demo world. */
export function worldHardwareLogDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): HardwareLogDeps {
  return { hardwareLogs: worldHardwareLogStore(db, { granted }), now: () => new Date() };
}
