import {
  type ConversationDeps,
  getConversation,
  listConversations,
  markConversationRead,
  sendConversationMessage,
  startConversation,
} from '@services/feedback/conversations';
import type { WidgetCaller } from '@services/feedback/widget-auth';
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

/**
 * The messenger's conversation calls in demo mode (decision 0128): adapters over the services the server's widget API
 * calls (`server/src/services/feedback/conversations.ts`), listed before the widget mock's own handlers so they answer
 * instead of the mock's copy of the rules.
 */
export function createWidgetConversationHandlers(apiUrl: string, deps: ConversationDeps): RequestHandler[] {
  const api = apiUrl.replace(/\/+$/, '');
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
