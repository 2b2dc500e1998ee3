import { getFeedbackReplay, getFeedbackReport, listFeedbackReports } from '@services/feedback/inbox';
import { getReportConversation, replyToReport } from '@services/feedback/report-conversation';
import { createTicketFromReport, type ReportTicketDeps } from '@services/feedback/report-ticket';
import {
  getVisitorConversation,
  listVisitorConversations,
  replyToVisitorConversation,
} from '@services/feedback/visitor-conversations';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldFeedbackReader, worldReportTicketLinks } from '../adapter/feedback-store';
import { listParamsOf } from '../adapter/list-params';
import { worldConversationStore, worldVisitorPush } from '../adapter/widget-conversation-store';
import { worldTicketDeps } from '../adapter/ticket-store';
import type { WorldDb } from '../world/db';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/** The caller of a request and the inbox services' reader over the demo world. */
async function inboxCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: { reports: worldFeedbackReader(db) } };
}

/**
 * The services' deps for a report's ticket (decision 0118): the world's reports, and its ticket deps whose transaction
 * also links the report, as the server's tickets transaction does.
 */
export function worldReportTicketDeps(db: WorldDb, granted: AuthContext['granted']): ReportTicketDeps {
  const tickets = worldTicketDeps(db, granted);
  const links = worldReportTicketLinks(db);
  return {
    reports: worldFeedbackReader(db),
    tickets: {
      ...tickets,
      transact: (work) => tickets.transact((tx) => work({ ...tx, reportLinks: links })),
    },
  };
}

/** The feedback inbox (decision 0116): adapters over the services the server calls (`server/src/services/feedback`). */
export function createFeedbackHandlers(http: ApiHttp) {
  return [
    http.get('/feedback-reports', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await inboxCall(request);
        return response(200).json(await listFeedbackReports(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),
    http.get('/feedback-reports/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await inboxCall(request);
        return response(200).json(await getFeedbackReport(deps, caller, String(params.id)));
      }),
    ),
    http.get('/feedback-reports/{id}/replay', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await inboxCall(request);
        return response(200).json(await getFeedbackReplay(deps, caller, String(params.id)));
      }),
    ),
    http.get('/feedback-conversations', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = { conversations: worldConversationStore(db) };
        return response(200).json(
          await listVisitorConversations(deps, callerOf(ctx), listParamsOf(new URL(request.url))),
        );
      }),
    ),
    http.get('/feedback-conversations/{shareToken}', async ({ request, params, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = { conversations: worldConversationStore(db) };
        return response(200).json(await getVisitorConversation(deps, callerOf(ctx), String(params.shareToken)));
      }),
    ),
    http.post('/feedback-conversations/{shareToken}/messages', async ({ request, params, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = {
          conversations: worldConversationStore(db),
          push: worldVisitorPush(db),
          tickets: worldTicketDeps(db, ctx.granted),
          now: () => new Date(),
        };
        const body = await readJsonObject(request);
        return response(201).json(
          await replyToVisitorConversation(deps, callerOf(ctx), { shareToken: String(params.shareToken), body }),
        );
      }),
    ),
    http.get('/feedback-reports/{id}/conversation', async ({ request, params, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = { reports: worldFeedbackReader(db), conversations: worldConversationStore(db) };
        return response(200).json(await getReportConversation(deps, callerOf(ctx), String(params.id)));
      }),
    ),
    http.post('/feedback-reports/{id}/conversation/messages', async ({ request, params, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = {
          reports: worldFeedbackReader(db),
          conversations: worldConversationStore(db),
          push: worldVisitorPush(db),
          tickets: worldTicketDeps(db, ctx.granted),
          now: () => new Date(),
        };
        const body = await readJsonObject(request);
        return response(201).json(await replyToReport(deps, callerOf(ctx), { id: String(params.id), body }));
      }),
    ),
    http.post('/feedback-reports/{id}/ticket', async ({ request, params, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = worldReportTicketDeps(db, ctx.granted);
        const body = await readJsonObject(request);
        return response(201).json(await createTicketFromReport(deps, callerOf(ctx), { id: String(params.id), body }));
      }),
    ),
  ];
}
