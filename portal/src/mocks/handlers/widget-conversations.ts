import {
  type ConversationDeps,
  getConversation,
  listConversations,
  markConversationRead,
  sendConversationMessage,
  startConversation,
} from '@services/feedback/conversations';
import type { FeedbackDeps } from '@services/feedback/feedback-store';
import { admitReport, storeReport } from '@services/feedback/send-report';
import { getProductTour, validateProductTour } from '@services/feedback/product-tours';
import { getWidgetConfig, getWidgetTooltips } from '@services/feedback/widget-config';
import type { WidgetCaller } from '@services/feedback/widget-auth';
import { validationFailed } from '@services/lib/app-error';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { answering } from '../adapter/answer';

function callerOf(request: Request): WidgetCaller {
  return {
    apiToken: request.headers.get('api-token') ?? undefined,
    gleapId: request.headers.get('gleap-id') ?? undefined,
    gleapHash: request.headers.get('gleap-hash') ?? undefined,
  };
}

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A JSON body as the server's parser reads it: text that is not JSON is 400, as there. */
async function jsonBodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw validationFailed({ body: 'The body is not valid JSON.' });
  }
}

/**
 * The demo page widget's config, reports and its messenger's conversation calls (decisions 0128, 0136): adapters over
 * the services the server's widget API calls (`server/src/services/feedback/widget-config.ts`, `send-report.ts`,
 * `conversations.ts`), listed before the widget mock's own handlers so they answer instead of the mock's copy of the
 * rules. The config is the key's as Settings edits it (the world's `sdkKeys`); a report is stored in the demo's inbox
 * with its follow-up conversation, as on the server. The tooltips and product tours are the key's
 * (`services/feedback/product-tours.ts`; the world's rows, which the server's seed stores too).
 */
export function createWidgetApiHandlers(apiUrl: string, deps: FeedbackDeps): RequestHandler[] {
  const api = apiUrl.replace(/\/+$/, '');
  return [
    // Before `/config/:sdkKey`, which would not match it anyway (one path segment), for the reader's sake.
    http.get(`${api}/config/:sdkKey/tooltips`, async ({ request, params }) =>
      answering(async () =>
        HttpResponse.json(await getWidgetTooltips(deps, callerOf(request), { sdkKey: String(params.sdkKey) })),
      ),
    ),
    http.post(`${api}/outbound/producttours`, async ({ request }) =>
      answering(async () =>
        HttpResponse.json(await getProductTour(deps, callerOf(request), { body: await jsonBodyOf(request) })),
      ),
    ),
    http.post(`${api}/outbound/producttourvalidation`, async ({ request }) =>
      answering(async () =>
        HttpResponse.json(await validateProductTour(deps, callerOf(request), { body: await jsonBodyOf(request) })),
      ),
    ),
    http.get(`${api}/config/:sdkKey`, async ({ request, params }) =>
      answering(async () => {
        const lang = new URL(request.url).searchParams.get('lang') ?? undefined;
        return HttpResponse.json(
          await getWidgetConfig(deps, callerOf(request), { sdkKey: String(params.sdkKey), ...(lang ? { lang } : {}) }),
        );
      }),
    ),
    http.post(`${api}/bugs/v2`, async ({ request }) =>
      answering(async () => {
        // The key, the session and the limits first, as the server's route does before reading the body.
        const admission = await admitReport(deps, callerOf(request));
        const text = await request.text();
        let body: unknown;
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          throw validationFailed({ body: 'The body is not valid JSON.' });
        }
        const { report } = await storeReport(deps, admission, { body, text });
        return HttpResponse.json(report, { status: 201 });
      }),
    ),
    ...createWidgetConversationHandlers(api, deps),
  ];
}

/** The messenger's conversation calls: adapters over `services/feedback/conversations.ts`. */
function createWidgetConversationHandlers(api: string, deps: ConversationDeps): RequestHandler[] {
  return [
    http.get(`${api}/conversations`, async ({ request }) =>
      answering(async () => HttpResponse.json(await listConversations(deps, callerOf(request)))),
    ),
    http.post(`${api}/conversations`, async ({ request }) =>
      answering(async () =>
        HttpResponse.json(await startConversation(deps, callerOf(request), { body: await bodyOf(request) }), {
          status: 201,
        }),
      ),
    ),
    http.get(`${api}/conversations/:shareToken`, async ({ request, params }) =>
      answering(async () =>
        HttpResponse.json(await getConversation(deps, callerOf(request), { shareToken: String(params.shareToken) })),
      ),
    ),
    http.post(`${api}/conversations/:shareToken/messages`, async ({ request, params }) =>
      answering(async () =>
        HttpResponse.json(
          await sendConversationMessage(deps, callerOf(request), {
            shareToken: String(params.shareToken),
            body: await bodyOf(request),
          }),
          { status: 201 },
        ),
      ),
    ),
    http.post(`${api}/conversations/:shareToken/read`, async ({ request, params }) =>
      answering(async () => {
        await markConversationRead(deps, callerOf(request), { shareToken: String(params.shareToken) });
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  ];
}
