import { compareAnalysis, listAnalysisSubjects, recordAnalysisExport } from '@services/analysis/analysis';
import { answering } from '../adapter/answer';
import { worldActivityDeps } from '../adapter/activity-store';
import { callerOf } from '../adapter/caller';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

/**
 * Analysis (issue 22 item 3): the subjects to pick, their comparison, and the audit entry of an export, answered by
 * the services (`services/analysis`) over the world's activity (`worldActivityStore`). The carbon report is `carbon.ts`.
 */
export function createAnalysisHandlers(http: ApiHttp) {
  return [
    http.get('/analysis/subjects', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = worldActivityDeps(db, ctx.granted);
        return response(200).json(await listAnalysisSubjects(deps, callerOf(ctx), queryOf(request)));
      }),
    ),

    http.get('/analysis/compare', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = worldActivityDeps(db, ctx.granted);
        return response(200).json(await compareAnalysis(deps, callerOf(ctx), queryOf(request)));
      }),
    ),

    http.post('/analysis/exports', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const body = await readJsonObject(request);
        return response(201).json(await recordAnalysisExport(worldActivityDeps(db), callerOf(ctx), body));
      }),
    ),
  ];
}
