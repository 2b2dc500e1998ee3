import { dashboardRange } from '@services/dashboards/dashboard-range';
import { dashboardFaultSummary } from '@services/dashboards/fault-summary';
import { dashboardFleetStatus } from '@services/dashboards/fleet-status';
import { dashboardMyVehicles } from '@services/dashboards/my-vehicles';
import { dashboardRecentFaults } from '@services/dashboards/recent-faults';
import { dashboardBatteryHealth } from '@services/dashboards/battery-health';
import { dashboardFirmwareRollouts } from '@services/dashboards/firmware-rollouts-panel';
import { dashboardSocDistribution } from '@services/dashboards/soc-distribution';
import { dashboardTickets } from '@services/dashboards/ticket-panel';
import { AppError } from '@services/lib/app-error';
import { DASHBOARD_PANELS, type DashboardPanelId } from '@/domain/dashboard-panels';
import { addFigures, ZERO_FIGURES } from '@/domain/carbon';
import { TIME } from '../world/seeders/context';
import type { WorldDb } from '../world/db';
import { hashString } from '../world/prng';
import type { Vehicle } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import { savedOrDefaultCarbonSettings, vehicleCarbon } from './carbon';
import { organisationOf, savedCarbonSettings } from './carbon-settings';
import { activityFor } from './lib/analysis';
import type { FirmwareHandlerOptions } from './lib/firmware';
import { settleSeen } from './firmware-rollouts';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { invalidQuery } from './lib/http-error';
import { vehicleFilterFor } from './lib/scope';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldDashboardDataDeps } from '../adapter/dashboard-store';
import { worldMyVehiclesDeps } from '../adapter/last-trip-store';

/** Above this many vehicles, trip figures come from a deterministic sample, scaled up (trips are costly to replay). */
export const ACTIVITY_SAMPLE = 500;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The range of an aggregate: the services' `dashboardRange` (both ends, in order, at most 62 days), in epoch ms. */
function parseRange(url: URL): { from: number; to: number } {
  try {
    const { from, to } = dashboardRange({
      from: url.searchParams.get('from') ?? undefined,
      to: url.searchParams.get('to') ?? undefined,
    });
    return { from: from.getTime(), to: to.getTime() };
  } catch (error) {
    if (error instanceof AppError) throw invalidQuery(error.message);
    throw error;
  }
}

function scopedVehicles(ctx: AuthContext, db: WorldDb): Vehicle[] {
  const inScope = vehicleFilterFor(ctx);
  const out: Vehicle[] = [];
  for (const v of db.tables.vehicles.values()) if (inScope(v)) out.push(v);
  return out;
}

/** The vehicles whose trips are replayed: all of them, or a deterministic sample of ACTIVITY_SAMPLE. */
function sampleOf(db: WorldDb, vehicles: Vehicle[]): { sample: Vehicle[]; scale: number; sampled: number | null } {
  if (vehicles.length <= ACTIVITY_SAMPLE) return { sample: vehicles, scale: 1, sampled: null };
  const sample = [...vehicles]
    .sort((a, b) => (hashString(`${db.world.seed}:${a.id}`) >>> 0) - (hashString(`${db.world.seed}:${b.id}`) >>> 0))
    .slice(0, ACTIVITY_SAMPLE);
  return { sample, scale: vehicles.length / ACTIVITY_SAMPLE, sampled: ACTIVITY_SAMPLE };
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
function daysBetween(from: number, to: number): string[] {
  const out: string[] = [];
  // Days that start before `to`: a range ending at midnight does not add an empty next day.
  for (let t = Math.floor(from / TIME.DAY) * TIME.DAY; t < to; t += TIME.DAY) out.push(dayOf(t));
  return out;
}
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function activity(db: WorldDb, ctx: AuthContext, from: number, to: number) {
  const vehicles = scopedVehicles(ctx, db);
  const { sample, scale, sampled } = sampleOf(db, vehicles);
  const days = new Map(
    daysBetween(from, to).map((date) => [date, { date, energyKwh: 0, distanceKm: 0, drivingHours: 0, trips: 0 }]),
  );
  const byType = { '2 Wheeler': 0, '3 Wheeler': 0 } as Record<string, number>;
  // The vehicles' drive profiles (issue 37 item 7): the same driving the history, the list and the live map show.
  let reportingHours = 0;
  for (const v of sample) {
    const activity = activityFor(db, v, from, to);
    reportingHours += activity.reportingHours * scale;
    for (const d of activity.days.values()) {
      const day = days.get(d.date);
      if (!day) continue;
      day.energyKwh += d.energyKwh * scale;
      day.distanceKm += d.distanceKm * scale;
      day.drivingHours += d.drivingHours * scale;
      day.trips += d.trips * scale;
      byType[v.vehicleType] = (byType[v.vehicleType] ?? 0) + d.distanceKm * scale;
    }
  }
  const list = [...days.values()].map((d) => ({
    date: d.date,
    energyKwh: round(d.energyKwh, 2),
    distanceKm: round(d.distanceKm),
    drivingHours: round(d.drivingHours, 2),
    trips: Math.round(d.trips),
  }));
  const hours = list.reduce((s, d) => s + d.drivingHours, 0);
  // Of the hours the vehicles were in service and reporting in the range (an offline vehicle's silence is not idling).
  const vehicleHours = reportingHours;
  return {
    body: {
      from: iso(from) as string,
      to: iso(to) as string,
      vehicles: vehicles.length,
      sampledVehicles: sampled,
      utilisationPct: vehicleHours > 0 ? round((hours / vehicleHours) * 100, 2) : 0,
      days: list,
    },
    distanceByType: byType,
  };
}

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

    http.get('/dashboard-data/soc-distribution', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = requireAuth(request, db);
        const deps = worldDashboardDataDeps(db, ctx.granted);
        return response(200).json(await dashboardSocDistribution(deps, callerOf(ctx)));
      }),
    ),

    http.get('/dashboard-data/activity', async ({ request, response }) => {
      const { db, ctx } = await panelContext(request, 'energy-distance');
      const { from, to } = parseRange(new URL(request.url));
      return response(200).json(activity(db, ctx, from, to).body);
    }),

    http.get('/dashboard-data/charging', async ({ request, response }) => {
      const { db, ctx } = await panelContext(request, 'charging');
      const { from, to } = parseRange(new URL(request.url));
      const days = new Map(daysBetween(from, to).map((date) => [date, { date, sessions: 0, energyKwh: 0 }]));
      // The charging of the vehicles' drive profiles (issue 37 item 7): after each shift, and the mid-shift top-ups,
      // putting back what the driving of the activity panel took.
      const { sample, scale } = sampleOf(db, scopedVehicles(ctx, db));
      for (const v of sample) {
        for (const d of activityFor(db, v, from, to).days.values()) {
          const day = days.get(d.date);
          if (!day) continue;
          day.sessions += d.chargeSessions * scale;
          day.energyKwh += d.chargedKwh * scale;
        }
      }
      const list = [...days.values()].map((d) => ({
        date: d.date,
        sessions: Math.round(d.sessions),
        energyKwh: round(d.energyKwh, 2),
      }));
      return response(200).json({
        from: iso(from) as string,
        to: iso(to) as string,
        sessions: list.reduce((s, d) => s + d.sessions, 0),
        energyKwh: round(
          list.reduce((s, d) => s + d.energyKwh, 0),
          2,
        ),
        days: list,
      });
    }),

    http.get('/dashboard-data/battery-health', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = requireAuth(request, db);
        const deps = worldDashboardDataDeps(db, ctx.granted);
        return response(200).json(await dashboardBatteryHealth(deps, callerOf(ctx)));
      }),
    ),

    http.get('/dashboard-data/tickets', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = requireAuth(request, db);
        const deps = worldDashboardDataDeps(db, ctx.granted);
        return response(200).json(await dashboardTickets(deps, callerOf(ctx)));
      }),
    ),

    http.get('/dashboard-data/co2', async ({ request, response }) => {
      const { db, ctx } = await panelContext(request, 'co2');
      const { from, to } = parseRange(new URL(request.url));
      // The carbon page's method and the factors the caller's organisation saved there (decisions 0082, 0094), so
      // the panel and the page agree; location-based, summed over the activity panels' sample and scaled up.
      const settings = savedOrDefaultCarbonSettings(savedCarbonSettings(db, organisationOf(ctx, db).id));
      const { sample, scale, sampled } = sampleOf(db, scopedVehicles(ctx, db));
      let total = ZERO_FIGURES;
      for (const v of sample) total = addFigures(total, vehicleCarbon(db, v, from, to, settings).figures);
      const distanceKm = total.distanceKm * scale;
      const energyKwh = total.energyChargedKwh * scale;
      return response(200).json({
        from: iso(from) as string,
        to: iso(to) as string,
        distanceKm: round(distanceKm),
        energyKwh: round(energyKwh, 2),
        // Averages weighted by energy and by distance: equal to the settings unless regions or vehicle types differ.
        gridKgPerKwh:
          total.gridEnergyKwh > 0 ? round(total.locationKg / total.gridEnergyKwh, 4) : settings.gridIntensity,
        chargingLossPct: settings.chargingLossPct,
        baselineGPerKm:
          total.distanceKm > 0 ? round((total.baselineKg * 1000) / total.distanceKm) : settings.baselines['2 Wheeler'],
        avoidedKg: round(total.avoidedLocationKg * scale),
        sampledVehicles: sampled,
      });
    }),

    http.get('/dashboard-data/firmware-rollouts', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = requireAuth(request, db);
        // The demo's simulated devices move on to now first (decision 0075), as on the firmware page.
        await settleSeen(db, ctx, options.onOtaUpdate);
        const deps = worldDashboardDataDeps(db, ctx.granted);
        return response(200).json(await dashboardFirmwareRollouts(deps, callerOf(ctx)));
      }),
    ),

    http.get('/dashboard-data/my-vehicles', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = requireAuth(request, db);
        return response(200).json(await dashboardMyVehicles(worldMyVehiclesDeps(db, ctx.granted), callerOf(ctx)));
      }),
    ),
  ];
}
