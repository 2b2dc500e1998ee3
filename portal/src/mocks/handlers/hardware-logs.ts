import type { components } from '@/domain/api-schema';
import type { Device } from '../world/types';
import { type HardwareLogRow, hardwareLogsOf } from '../world/hardware-logs';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth, requirePermission } from './lib/auth-context';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { deviceFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';

export const HARDWARE_LOG_LIST: ListSpec<HardwareLogRow> = {
  sortable: { occurredAt: (h) => h.occurredAt },
  filterable: { level: (h) => h.level, deviceId: (h) => h.deviceId },
  searchable: [(h) => h.message, (h) => h.deviceSerial],
  time: (h) => h.occurredAt,
  defaultSort: [{ field: 'occurredAt', direction: 'desc' }],
};

/** Logger-device messages, generated from the clock (see world/hardware-logs.ts). */
export function createHardwareLogHandlers(http: ApiHttp) {
  return [
    http.get('/hardware-logs', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'hl');
      const query = parseListQuery(new URL(request.url), HARDWARE_LOG_LIST);
      const fitted: Device[] = [];
      for (const logger of db.tables.loggers.values()) if (logger.vehicleId !== null) fitted.push(logger);
      const level = query.filters.get('level');
      // Time range, scope and level cut the generation itself; the list query does the rest.
      const rows = hardwareLogsOf(db.world.seed, fitted, Date.now(), {
        ...(query.from !== undefined ? { from: query.from } : {}),
        ...(query.to !== undefined ? { to: query.to } : {}),
        keep: deviceFilterFor(ctx, db),
        ...(level ? { level: new Set(level) } : {}),
      });
      const page = applyListQuery(rows, query, HARDWARE_LOG_LIST);
      return response(200).json({
        ...page,
        items: page.items.map((h) => toApi<components['schemas']['HardwareLogEntry']>(h)),
      });
    }),
  ];
}
