import { dashboardActivity, dashboardCharging } from '@services/activity/dashboard-activity';
import { dashboardCo2 } from '@services/activity/dashboard-co2';
import { dashboardFaultSummary } from '@services/dashboards/fault-summary';
import { dashboardFleetStatus } from '@services/dashboards/fleet-status';
import { dashboardRecentFaults } from '@services/dashboards/recent-faults';
import { DASHBOARD_PANELS, type DashboardPanelId } from '@/domain/dashboard-panels';
import { clockRuns, TICKET_PRIORITIES, ticketSla } from '@/domain/tickets';
import type { WorldDb } from '../world/db';
import { type TripRow, tripsOf } from '../world/histories';
import { summariseWaves } from '../world/firmware-rollout';
import type { Vehicle } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import { type FirmwareHandlerOptions, settleRollout } from './lib/firmware';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { firmwareFilterFor, vehicleFilterFor } from './lib/scope';
import { ticketFilterFor } from '../adapter/ticket-store';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldActivityDeps } from '../adapter/activity-store';
import { worldDashboardDataDeps } from '../adapter/dashboard-store';

/** Service every this many km (the world has no service records; decision 0077). */
export const SERVICE_INTERVAL_KM = 5000;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The range a panel's request names (the services' `dashboardRange` checks it). */
const rangeOf = (request: Request) => {
  const url = new URL(request.url);
  return { from: url.searchParams.get('from') ?? undefined, to: url.searchParams.get('to') ?? undefined };
};

function scopedVehicles(ctx: AuthContext, db: WorldDb): Vehicle[] {
  const inScope = vehicleFilterFor(ctx);
  const out: Vehicle[] = [];
  for (const v of db.tables.vehicles.values()) if (inScope(v)) out.push(v);
  return out;
}

/** Trips replay road routes, so they are kept per world and vehicle once computed. */
const tripCache = new WeakMap<WorldDb, Map<string, TripRow[]>>();
function tripsCached(db: WorldDb, vehicle: Vehicle): TripRow[] {
  let perWorld = tripCache.get(db);
  if (!perWorld) {
    perWorld = new Map();
    tripCache.set(db, perWorld);
  }
  let trips = perWorld.get(vehicle.id);
  if (!trips) {
    trips = tripsOf(db.world.seed, vehicle, db.world.referenceTime);
    perWorld.set(vehicle.id, trips);
  }
  return trips;
}

/** Rollouts the firmware-rollouts panel lists at most. */
export const ROLLOUTS_SHOWN = 8;

/**
 * The aggregates the dashboards' panels show (`/dashboard-data/...`), each guarded by its panel's permission and computed
 * over the caller's scope. `onOtaUpdate` hears the device updates a read settles (the demo publishes them live, as the
 * firmware handlers do).
 */
export function createDashboardDataHandlers(
  http: ApiHttp,
  options: { onOtaUpdate?: FirmwareHandlerOptions['onUpdate'] } = {},
) {
  /** Every aggregate: signed in, the panel's permission, computed over the caller's scope. */
  async function panelContext(request: Request, panel: DashboardPanelId) {
    const db = await getWorldDb();
    const ctx = requireAuth(request, db);
    requirePermission(ctx, DASHBOARD_PANELS[panel].permission);
    return { db, ctx };
  }

  return [
    http.get('/dashboard-data/fleet-status', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = requireAuth(request, db);
        return response(200).json(await dashboardFleetStatus(worldDashboardDataDeps(db, ctx.granted), callerOf(ctx)));
      }),
    ),

    http.get('/dashboard-data/fault-summary', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = requireAuth(request, db);
        const url = new URL(request.url);
        const range = { from: url.searchParams.get('from') ?? undefined, to: url.searchParams.get('to') ?? undefined };
        const deps = worldDashboardDataDeps(db, ctx.granted);
        return response(200).json(await dashboardFaultSummary(deps, callerOf(ctx), range));
      }),
    ),

    http.get('/dashboard-data/recent-faults', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = requireAuth(request, db);
        const url = new URL(request.url);
        const range = { from: url.searchParams.get('from') ?? undefined, to: url.searchParams.get('to') ?? undefined };
        const deps = worldDashboardDataDeps(db, ctx.granted);
        return response(200).json(await dashboardRecentFaults(deps, callerOf(ctx), range));
      }),
    ),

    http.get('/dashboard-data/soc-distribution', async ({ request, response }) => {
      const { db, ctx } = await panelContext(request, 'soc-distribution');
      const buckets = [0, 20, 40, 60, 80].map((min) => ({
        label: `${min}-${min + 20}%`,
        min,
        max: min + 20,
        count: 0,
      }));
      const vehicles = scopedVehicles(ctx, db);
      for (const v of vehicles) {
        const bucket = buckets[Math.min(4, Math.floor(v.soc / 20))];
        if (bucket) bucket.count += 1;
      }
      return response(200).json({ total: vehicles.length, buckets });
    }),

    http.get('/dashboard-data/activity', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = requireAuth(request, db);
        const deps = worldActivityDeps(db, ctx.granted);
        return response(200).json(await dashboardActivity(deps, callerOf(ctx), rangeOf(request)));
      }),
    ),

    http.get('/dashboard-data/charging', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = requireAuth(request, db);
        const deps = worldActivityDeps(db, ctx.granted);
        return response(200).json(await dashboardCharging(deps, callerOf(ctx), rangeOf(request)));
      }),
    ),

    http.get('/dashboard-data/battery-health', async ({ request, response }) => {
      const { db, ctx } = await panelContext(request, 'battery-health');
      const ratings = ([1, 2, 3, 4, 5] as const).map((rating) => ({ rating, count: 0 }));
      const vehicles = scopedVehicles(ctx, db);
      for (const v of vehicles) {
        const row = ratings.find((r) => r.rating === v.healthRating);
        if (row) row.count += 1;
      }
      return response(200).json({ total: vehicles.length, ratings });
    }),

    http.get('/dashboard-data/tickets', async ({ request, response }) => {
      const { db, ctx } = await panelContext(request, 'tickets');
      const now = Date.now();
      const visible = ticketFilterFor(ctx, db);
      const rows = TICKET_PRIORITIES.map((priority) => ({ priority, open: 0, breached: 0 }));
      for (const t of db.tables.tickets.values()) {
        if (!visible(t) || !clockRuns(t.status)) continue;
        const row = rows.find((r) => r.priority === t.priority);
        if (!row) continue;
        row.open += 1;
        const sla = ticketSla(t, now);
        if (sla.firstResponse.state === 'breached' || sla.resolution.state === 'breached') row.breached += 1;
      }
      return response(200).json({
        open: rows.reduce((s, r) => s + r.open, 0),
        breached: rows.reduce((s, r) => s + r.breached, 0),
        byPriority: rows,
      });
    }),

    http.get('/dashboard-data/co2', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = requireAuth(request, db);
        const deps = worldActivityDeps(db, ctx.granted);
        return response(200).json(await dashboardCo2(deps, callerOf(ctx), rangeOf(request)));
      }),
    ),

    http.get('/dashboard-data/firmware-rollouts', async ({ request, response }) => {
      const { db, ctx } = await panelContext(request, 'firmware-rollouts');
      const sees = firmwareFilterFor(ctx);
      const now = Date.now();
      const open = [];
      for (const r of db.tables.firmwareRollouts.all()) {
        if (!sees(r) || (r.status !== 'running' && r.status !== 'paused')) continue;
        // Settled first, as the firmware page does, so the panel shows where the rollout is now.
        const settled = settleRollout(db, r, now, options.onOtaUpdate);
        if (settled.rollout.status === 'running' || settled.rollout.status === 'paused') open.push(settled);
      }
      await db.persist();
      open.sort(
        (a, b) =>
          Number(b.rollout.status === 'paused') - Number(a.rollout.status === 'paused') ||
          b.rollout.startedAt - a.rollout.startedAt,
      );
      const items = open.slice(0, ROLLOUTS_SHOWN).map(({ rollout: r, updates }) => {
        const waves = summariseWaves(r.waveCount, updates);
        const sum = (k: 'completed' | 'failed' | 'inProgress' | 'waiting') => waves.reduce((s, w) => s + w[k], 0);
        const completed = sum('completed');
        const failed = sum('failed');
        return {
          id: r.id,
          version: r.version,
          deviceType: r.deviceType,
          modelName: r.modelId ? (db.tables.models.get(r.modelId)?.name ?? null) : null,
          targetLabel: r.targetLabel,
          status: r.status as 'running' | 'paused',
          pauseReason: r.pauseReason,
          deviceCount: r.deviceCount,
          completed,
          failed,
          inProgress: sum('inProgress'),
          waiting: sum('waiting'),
          progressPct: r.deviceCount > 0 ? round(((completed + failed) / r.deviceCount) * 100) : 0,
          currentWave: r.currentWave,
          waveCount: r.waveCount,
          startedAt: iso(r.startedAt) as string,
        };
      });
      return response(200).json({
        running: open.filter((o) => o.rollout.status === 'running').length,
        paused: open.filter((o) => o.rollout.status === 'paused').length,
        items,
      });
    }),

    http.get('/dashboard-data/my-vehicles', async ({ request, response }) => {
      const { db, ctx } = await panelContext(request, 'my-vehicles');
      // Only a driver's or EV owner's own vehicles: other roles holding the key see none rather than a whole fleet.
      const own = ctx.roleType === 'driver' || ctx.roleType === 'evOwner' ? scopedVehicles(ctx, db) : [];
      const items = own.slice(0, 20).map((v) => {
        const trip = tripsCached(db, v).find((t) => t.endedAt !== null) ?? null;
        const model = db.tables.models.get(v.modelId);
        const nextService = (Math.floor(v.odometerKm / SERVICE_INTERVAL_KM) + 1) * SERVICE_INTERVAL_KM;
        return {
          id: v.id,
          registrationNumber: v.registrationNumber,
          model: model?.name ?? null,
          soc: v.soc,
          rangeKm: v.rangeKm,
          isLive: v.isLive,
          stateCode: v.stateCode,
          odometerKm: v.odometerKm,
          serviceIntervalKm: SERVICE_INTERVAL_KM,
          serviceDueKm: round(nextService - v.odometerKm),
          lastTrip: trip
            ? {
                startedAt: iso(trip.startedAt) as string,
                endedAt: iso(trip.endedAt),
                distanceKm: trip.distanceKm,
                durationMin: trip.durationMin,
                energyKwh: trip.energyKwh,
              }
            : null,
        };
      });
      return response(200).json({ items });
    }),
  ];
}
