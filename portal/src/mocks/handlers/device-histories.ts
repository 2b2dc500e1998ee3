import { batteryCyclesOf, type BatteryCycleRow, cellHistoryOf } from '../world/histories';
import type { WorldDb } from '../world/db';
import type { Device } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth, requirePermission } from './lib/auth-context';
import { invalidQuery, notFound } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { toApi } from './lib/serialize';
import { deviceOr404 } from './devices';
import { telemetryFor } from './lib/telemetry';

const CYCLE_LIST: ListSpec<BatteryCycleRow> = {
  sortable: {
    index: (c) => c.index,
    startedAt: (c) => c.startedAt,
    energyKwh: (c) => c.energyKwh,
    status: (c) => c.status,
  },
  filterable: { status: (c) => c.status },
  searchable: [],
  time: (c) => c.startedAt,
  defaultSort: [{ field: 'index', direction: 'desc' }],
};

/** A BMS's cycles: its vehicle's drive profile's when fitted to one (issue 37 item 7). */
function cyclesOfDevice(db: WorldDb, device: Device): BatteryCycleRow[] {
  const vehicle = device.vehicleId ? (db.tables.vehicles.get(device.vehicleId) ?? null) : null;
  return batteryCyclesOf(db.world.seed, device, db.world.referenceTime, vehicle);
}

/** A device's histories, generated on demand from the seed: telemetry, and a BMS's battery cycles with their cells. */
export function createDeviceHistoryHandlers(http: ApiHttp) {
  return [
    http.get('/devices/{id}/telemetry', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      const device = await deviceOr404(ctx, db, params.id);
      const items = telemetryFor(db, device.id, [device.modelId], new URL(request.url), device.vehicleId);
      return response(200).json({ items });
    }),

    http.get('/devices/{id}/cycles', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'BMS.l.d.bsc');
      const device = await deviceOr404(ctx, db, params.id);
      if (device.type !== 'BMS') throw notFound('Battery cycles');
      const query = parseListQuery(new URL(request.url), CYCLE_LIST);
      const page = applyListQuery(cyclesOfDevice(db, device), query, CYCLE_LIST);
      return response(200).json({ ...page, items: page.items.map((c) => toApi(c)) });
    }),

    http.get('/devices/{id}/cycles/{cycleId}/cells', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: ['BMS.l.d.ch', 'BMS.l.d.bsc'] });
      const device = await deviceOr404(ctx, db, params.id);
      if (device.type !== 'BMS' || !device.bms) throw notFound('Battery cycle');
      const cycle = cyclesOfDevice(db, device).find((c) => c.id === params.cycleId);
      if (!cycle) throw notFound('Battery cycle');
      const pointsText = new URL(request.url).searchParams.get('points');
      const points = pointsText === null ? 60 : Number(pointsText);
      if (!Number.isInteger(points) || points < 2 || points > 2000)
        throw invalidQuery('points must be a whole number from 2 to 2000.');
      const items = cellHistoryOf(db.world.seed, cycle, device.bms.cellCount, points, db.world.referenceTime);
      return response(200).json({ cycleId: cycle.id, cellCount: device.bms.cellCount, items });
    }),
  ];
}
