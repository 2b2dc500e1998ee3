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
import type { WorldDb } from '../world/db';
import { getWorldDb } from '../world/world-instance';
import type { FirmwareHandlerOptions } from './lib/firmware';
import { settleSeen } from './firmware-rollouts';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth } from './lib/auth-context';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldActivityDeps } from '../adapter/activity-store';
import { worldDashboardDataDeps } from '../adapter/dashboard-store';
import { worldMyVehiclesDeps } from '../adapter/last-trip-store';

type PanelPath = Extract<Parameters<ApiHttp['get']>[0], `/dashboard-data/${string}`>;

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
  /** One panel's adapter: signed in, then the service's answer over the demo world (it checks key and scope). */
  const panel = (path: PanelPath, answer: (db: WorldDb, ctx: AuthContext, request: Request) => Promise<unknown>) =>
    http.get(path, async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        return response(200).json((await answer(db, ctx, request)) as never);
      }),
    );
  const data = (db: WorldDb, ctx: AuthContext) => worldDashboardDataDeps(db, ctx.granted);
  const activity = (db: WorldDb, ctx: AuthContext) => worldActivityDeps(db, ctx.granted);

  return [
    panel('/dashboard-data/fleet-status', async (db, ctx) => dashboardFleetStatus(data(db, ctx), callerOf(ctx))),
    panel('/dashboard-data/fault-summary', async (db, ctx, request) =>
      dashboardFaultSummary(data(db, ctx), callerOf(ctx), rangeOf(request)),
    ),
    panel('/dashboard-data/recent-faults', async (db, ctx, request) =>
      dashboardRecentFaults(data(db, ctx), callerOf(ctx), rangeOf(request)),
    ),
    panel('/dashboard-data/soc-distribution', async (db, ctx) =>
      dashboardSocDistribution(data(db, ctx), callerOf(ctx)),
    ),
    panel('/dashboard-data/activity', async (db, ctx, request) =>
      dashboardActivity(activity(db, ctx), callerOf(ctx), rangeOf(request)),
    ),
    panel('/dashboard-data/charging', async (db, ctx, request) =>
      dashboardCharging(activity(db, ctx), callerOf(ctx), rangeOf(request)),
    ),
    panel('/dashboard-data/battery-health', async (db, ctx) => dashboardBatteryHealth(data(db, ctx), callerOf(ctx))),
    panel('/dashboard-data/tickets', async (db, ctx) => dashboardTickets(data(db, ctx), callerOf(ctx))),
    panel('/dashboard-data/co2', async (db, ctx, request) =>
      dashboardCo2(activity(db, ctx), callerOf(ctx), rangeOf(request)),
    ),
    panel('/dashboard-data/firmware-rollouts', async (db, ctx) => {
      // The demo's simulated devices move on to now first (decision 0075), as on the firmware page.
      await settleSeen(db, ctx, options.onOtaUpdate);
      return dashboardFirmwareRollouts(data(db, ctx), callerOf(ctx));
    }),
    panel('/dashboard-data/my-vehicles', async (db, ctx) =>
      dashboardMyVehicles(worldMyVehiclesDeps(db, ctx.granted), callerOf(ctx)),
    ),
  ];
}
