import { dashboardActivity, dashboardCharging } from '@services/activity/dashboard-activity';
import { dashboardCo2 } from '@services/activity/dashboard-co2';
import { dashboardBatteryHealth } from '@services/dashboards/battery-health';
import { dashboardFaultSummary } from '@services/dashboards/fault-summary';
import { dashboardFirmwareRollouts } from '@services/dashboards/firmware-rollouts-panel';
import { dashboardFleetStatus } from '@services/dashboards/fleet-status';
import { dashboardMyVehicles } from '@services/dashboards/my-vehicles';
import { dashboardRecentFaults } from '@services/dashboards/recent-faults';
import { dashboardSocDistribution } from '@services/dashboards/soc-distribution';
import { dashboardTickets } from '@services/dashboards/ticket-panel';
import { getWorldDb } from '../world/world-instance';
import type { FirmwareHandlerOptions } from './lib/firmware';
import { settleSeen } from './firmware-rollouts';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldActivityDeps } from '../adapter/activity-store';
import { worldDashboardDataDeps } from '../adapter/dashboard-store';
import { worldMyVehiclesDeps } from '../adapter/last-trip-store';

/** The range a panel's request names (the services' `dashboardRange` checks it). */
const rangeOf = (request: Request) => {
  const url = new URL(request.url);
  return { from: url.searchParams.get('from') ?? undefined, to: url.searchParams.get('to') ?? undefined };
};

/**
 * The aggregates the dashboards' panels show (`/dashboard-data/...`): adapters over the dashboard and activity
 * services, which check the panel's permission and compute over the caller's scope. `onOtaUpdate` hears the device
 * updates a read settles (the demo publishes them live, as the firmware handlers do).
 */
export function createDashboardDataHandlers(
  http: ApiHttp,
  options: { onOtaUpdate?: FirmwareHandlerOptions['onUpdate'] } = {},
) {
  return [
    http.get('/dashboard-data/fleet-status', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        return response(200).json(await dashboardFleetStatus(worldDashboardDataDeps(db, ctx.granted), callerOf(ctx)));
      }),
    ),

    http.get('/dashboard-data/fault-summary', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const url = new URL(request.url);
        const range = { from: url.searchParams.get('from') ?? undefined, to: url.searchParams.get('to') ?? undefined };
        const deps = worldDashboardDataDeps(db, ctx.granted);
        return response(200).json(await dashboardFaultSummary(deps, callerOf(ctx), range));
      }),
    ),

    http.get('/dashboard-data/recent-faults', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const url = new URL(request.url);
        const range = { from: url.searchParams.get('from') ?? undefined, to: url.searchParams.get('to') ?? undefined };
        const deps = worldDashboardDataDeps(db, ctx.granted);
        return response(200).json(await dashboardRecentFaults(deps, callerOf(ctx), range));
      }),
    ),

    http.get('/dashboard-data/soc-distribution', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = worldDashboardDataDeps(db, ctx.granted);
        return response(200).json(await dashboardSocDistribution(deps, callerOf(ctx)));
      }),
    ),

    http.get('/dashboard-data/activity', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = worldActivityDeps(db, ctx.granted);
        return response(200).json(await dashboardActivity(deps, callerOf(ctx), rangeOf(request)));
      }),
    ),

    http.get('/dashboard-data/charging', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = worldActivityDeps(db, ctx.granted);
        return response(200).json(await dashboardCharging(deps, callerOf(ctx), rangeOf(request)));
      }),
    ),

    http.get('/dashboard-data/battery-health', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = worldDashboardDataDeps(db, ctx.granted);
        return response(200).json(await dashboardBatteryHealth(deps, callerOf(ctx)));
      }),
    ),

    http.get('/dashboard-data/tickets', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = worldDashboardDataDeps(db, ctx.granted);
        return response(200).json(await dashboardTickets(deps, callerOf(ctx)));
      }),
    ),

    http.get('/dashboard-data/co2', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = worldActivityDeps(db, ctx.granted);
        return response(200).json(await dashboardCo2(deps, callerOf(ctx), rangeOf(request)));
      }),
    ),

    http.get('/dashboard-data/firmware-rollouts', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        // The demo's simulated devices move on to now first (decision 0075), as on the firmware page.
        await settleSeen(db, ctx, options.onOtaUpdate);
        const deps = worldDashboardDataDeps(db, ctx.granted);
        return response(200).json(await dashboardFirmwareRollouts(deps, callerOf(ctx)));
      }),
    ),

    http.get('/dashboard-data/my-vehicles', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        return response(200).json(await dashboardMyVehicles(worldMyVehiclesDeps(db, ctx.granted), callerOf(ctx)));
      }),
    ),
  ];
}
