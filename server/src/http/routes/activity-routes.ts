import type { ServiceDeps } from '../../deps';
import { dashboardActivity, dashboardCharging } from '../../services/activity/dashboard-activity';
import { dashboardCo2 } from '../../services/activity/dashboard-co2';
import { type CarbonReportQuery, getCarbonReport } from '../../services/analysis/carbon-report';
import { compareAnalysis, listAnalysisSubjects, recordAnalysisExport } from '../../services/analysis/analysis';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type RangeQuery = { from?: string; to?: string };

/**
 * What is summed from the per-vehicle, per-day activity roll-up (decision 0114): the activity, charging and CO2 panels,
 * and the analysis (subjects, comparison, the audit entry of an export).
 */
export function activityRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.activity;
  return {
    dashboardActivity: async (request) => dashboardActivity(d, callerOf(request), request.query as RangeQuery),
    dashboardCharging: async (request) => dashboardCharging(d, callerOf(request), request.query as RangeQuery),
    dashboardCo2: async (request) => dashboardCo2(d, callerOf(request), request.query as RangeQuery),
    listAnalysisSubjects: async (request) =>
      listAnalysisSubjects(d, callerOf(request), request.query as { groupBy?: string; q?: string }),
    compareAnalysis: async (request) =>
      compareAnalysis(d, callerOf(request), request.query as Parameters<typeof compareAnalysis>[2]),
    getCarbonReport: async (request) => getCarbonReport(d, callerOf(request), request.query as CarbonReportQuery),
    recordAnalysisExport: async (request, reply) =>
      reply.code(201).send(await recordAnalysisExport(d, callerOf(request), request.body as Record<string, unknown>)),
  };
}
