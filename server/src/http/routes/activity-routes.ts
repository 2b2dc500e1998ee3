import type { ServiceDeps } from '../../deps';
import { dashboardActivity, dashboardCharging } from '../../services/activity/dashboard-activity';
import { dashboardCo2 } from '../../services/activity/dashboard-co2';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type RangeQuery = { from?: string; to?: string };

/** What is summed from the per-vehicle, per-day activity roll-up (decision 0114): the activity, charging and CO2 panels. */
export function activityRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.activity;
  return {
    dashboardActivity: async (request) => dashboardActivity(d, callerOf(request), request.query as RangeQuery),
    dashboardCharging: async (request) => dashboardCharging(d, callerOf(request), request.query as RangeQuery),
    dashboardCo2: async (request) => dashboardCo2(d, callerOf(request), request.query as RangeQuery),
  };
}
