import type { ServiceDeps } from '../../deps';
import { createDashboard } from '../../services/dashboards/create-dashboard';
import { deleteDashboard } from '../../services/dashboards/delete-dashboard';
import { dashboardRecentFaults } from '../../services/dashboards/recent-faults';
import { dashboardFaultSummary } from '../../services/dashboards/fault-summary';
import { dashboardFleetStatus } from '../../services/dashboards/fleet-status';
import { dashboardMyVehicles, lastTripsOf } from '../../services/dashboards/my-vehicles';
import { dashboardBatteryHealth } from '../../services/dashboards/battery-health';
import { dashboardFirmwareRollouts } from '../../services/dashboards/firmware-rollouts-panel';
import { dashboardSocDistribution } from '../../services/dashboards/soc-distribution';
import { dashboardTickets } from '../../services/dashboards/ticket-panel';
import { listDashboards } from '../../services/dashboards/list-dashboards';
import { resetDashboards } from '../../services/dashboards/reset-dashboards';
import { updateDashboard } from '../../services/dashboards/update-dashboard';
import type { Schemas } from '../../services/lib/api-types';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };
type RangeQuery = { from?: string; to?: string };

/** Dashboards: the caller's list (or their role's default), add, reset, edit, delete; the panel data moved so far. */
export function dashboardRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.dashboards;
  return {
    listDashboards: async (request) => listDashboards(d, callerOf(request)),
    createDashboard: async (request, reply) =>
      reply.code(201).send(await createDashboard(d, callerOf(request), request.body as Schemas['DashboardInput'])),
    resetDashboards: async (request) => resetDashboards(d, callerOf(request)),
    updateDashboard: async (request) =>
      updateDashboard(d, callerOf(request), {
        id: (request.params as IdParams).id,
        patch: request.body as Schemas['DashboardPatch'],
      }),
    deleteDashboard: async (request, reply) => {
      await deleteDashboard(d, callerOf(request), request.params as IdParams);
      return reply.code(204).send();
    },
    dashboardFleetStatus: async (request) => dashboardFleetStatus(deps.dashboardData, callerOf(request)),
    dashboardFaultSummary: async (request) =>
      dashboardFaultSummary(deps.dashboardData, callerOf(request), request.query as RangeQuery),
    dashboardRecentFaults: async (request) =>
      dashboardRecentFaults(deps.dashboardData, callerOf(request), request.query as RangeQuery),
    dashboardSocDistribution: async (request) => dashboardSocDistribution(deps.dashboardData, callerOf(request)),
    dashboardBatteryHealth: async (request) => dashboardBatteryHealth(deps.dashboardData, callerOf(request)),
    dashboardTickets: async (request) => dashboardTickets(deps.dashboardData, callerOf(request)),
    dashboardFirmwareRollouts: async (request) => dashboardFirmwareRollouts(deps.dashboardData, callerOf(request)),
    dashboardMyVehicles: async (request) =>
      dashboardMyVehicles(
        { vehicles: deps.dashboardData.vehicles, lastTrips: lastTripsOf(deps.trips.trips) },
        callerOf(request),
      ),
  };
}
