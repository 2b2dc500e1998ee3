import { http, HttpResponse, type RequestHandler } from 'msw';
import type {
  MockChecklist,
  MockConversation,
  MockFeatureRequest,
  MockHelpArticle,
  MockMessage,
} from './messenger-content';
import { createBotHandlers } from './bot-handlers';
import type { WidgetMockStore } from './widget-store';

/** Records the call and answers a scripted failure, as every handler of the mock does. */
export type RecordCall = (req: Request, path: string) => Promise<{ body: unknown; fail?: Response }>;

const notFound = () => HttpResponse.json({ message: 'Not found.' }, { status: 404 });

function summary({ content: _c, updatedAt: _u, ...rest }: MockHelpArticle) {
  return rest;
}

function conversationSummary(c: MockConversation) {
  const lastMessage = c.messages.at(-1);
  return {
    shareToken: c.shareToken,
    title: c.title,
    unreadCount: c.unreadCount,
    updatedAt: lastMessage?.createdAt ?? '1970-01-01T00:00:00.000Z',
    ...(lastMessage ? { lastMessage } : {}),
  };
}

function conversationOf({ unreadCount: _n, owner: _o, ...rest }: MockConversation) {
  return rest;
}

const FEATURE_STATUSES = ['open', 'planned', 'in_progress', 'done'];

function featureRequestOf({ voters, ...rest }: MockFeatureRequest, gleapId: string | null) {
  return { ...rest, voteCount: voters.length, voted: gleapId !== null && voters.includes(gleapId) };
}

function checklistOf({ owner: _o, ...rest }: MockChecklist) {
  return rest;
}

let messageCounter = 0;

/** A message id unique within the mock's lifetime. */
export function nextMessageId(): string {
  messageCounter += 1;
  return `m-${Date.now().toString(36)}-${messageCounter}`;
}

/** Conversations the caller may see: seeded ones and those its `Gleap-Id` started. */
export function visibleConversations(store: WidgetMockStore, gleapId: string | null): MockConversation[] {
  return store.conversations.filter((c) => c.owner === undefined || c.owner === gleapId);
}

/** The unread count the WebSocket reports to one session. */
export function unreadCountFor(store: WidgetMockStore, gleapId: string | null): number {
  return visibleConversations(store, gleapId).reduce((sum, c) => sum + c.unreadCount, 0);
}

/**
 * The follow-up conversation of a report sent through `/bugs/v2`: the description as the visitor's message and a bot
 * answer, unread, so that the visitor finds the report under Messages.
 */
export function conversationFromReport(
  report: { id: string; type?: unknown; formData?: unknown },
  owner: string | null,
): MockConversation {
  const form = (report.formData ?? {}) as Record<string, unknown>;
  const description = typeof form.description === 'string' ? form.description.trim() : '';
  const kind = report.type === 'FEEDBACK' ? 'Feedback' : 'Bug report';
  const now = new Date().toISOString();
  return {
    shareToken: `t-${report.id}`,
    title: description ? description.slice(0, 60) : kind,
    unreadCount: 1,
    ...(owner ? { owner } : {}),
    messages: [
      {
        id: nextMessageId(),
        author: { type: 'contact', name: 'You' },
        text: description || `${kind} sent`,
        createdAt: now,
      },
      {
        id: nextMessageId(),
        author: { type: 'bot', name: 'Volt' },
        text: `Thanks! We received your ${kind.toLowerCase()} and will answer here.`,
        createdAt: now,
      },
    ],
  };
}

/**
 * The messenger's screen calls of `sdk/api/widget-api.yaml` (help center, news, conversations), answered from the
 * store. Errors answer `{message}` as the document says.
 */
export function createMessengerHandlers(api: string, store: WidgetMockStore, record: RecordCall): RequestHandler[] {
  const guard = async (request: Request, path: string): Promise<{ body: unknown; stop?: Response }> => {
    const { body, fail } = await record(request, path);
    if (fail) return { body, stop: fail };
    if (!request.headers.get('api-token')) {
      return { body, stop: HttpResponse.json({ message: 'Missing Api-Token.' }, { status: 401 }) };
    }
    return { body };
  };
  const visibleChecklists = (request: Request) => {
    const gleapId = request.headers.get('gleap-id');
    return store.checklists.filter((c) => c.owner === undefined || c.owner === gleapId);
  };
  const find = (request: Request, token: string) =>
    visibleConversations(store, request.headers.get('gleap-id')).find((c) => c.shareToken === token);

  return [
    ...createBotHandlers(api, store, guard),
    http.get(`${api}/helpcenter/collections`, async ({ request }) => {
      const { stop } = await guard(request, '/helpcenter/collections');
      if (stop) return stop;
      const collections = store.helpCollections.map((c) => ({
        ...c,
        articleCount: store.helpArticles.filter((a) => a.collectionId === c.id).length,
      }));
      return HttpResponse.json({ collections });
    }),
    http.get(`${api}/helpcenter/collections/:collectionId`, async ({ request, params }) => {
      const { stop } = await guard(request, `/helpcenter/collections/${params.collectionId}`);
      if (stop) return stop;
      const collection = store.helpCollections.find((c) => c.id === params.collectionId);
      if (!collection) return notFound();
      const articles = store.helpArticles.filter((a) => a.collectionId === collection.id);
      return HttpResponse.json({
        collection: { ...collection, articleCount: articles.length },
        articles: articles.map(summary),
      });
    }),
    http.get(`${api}/helpcenter/articles/:articleId`, async ({ request, params }) => {
      const { stop } = await guard(request, `/helpcenter/articles/${params.articleId}`);
      if (stop) return stop;
      const article = store.helpArticles.find((a) => a.id === params.articleId);
      return article ? HttpResponse.json(article) : notFound();
    }),
    http.get(`${api}/helpcenter/search`, async ({ request }) => {
      const { stop } = await guard(request, '/helpcenter/search');
      if (stop) return stop;
      const q = (new URL(request.url).searchParams.get('q') ?? '').trim().toLowerCase();
      if (!q) return HttpResponse.json({ message: 'A search needs a term.' }, { status: 400 });
      // Title matches first, then description, then content: "best first" as the document promises.
      const rank = (a: MockHelpArticle) =>
        a.title.toLowerCase().includes(q)
          ? 0
          : (a.description ?? '').toLowerCase().includes(q)
            ? 1
            : a.content
                  .replace(/<[^>]*>/g, ' ')
                  .toLowerCase()
                  .includes(q)
              ? 2
              : 3;
      const results = store.helpArticles
        .map((a) => ({ a, r: rank(a) }))
        .filter(({ r }) => r < 3)
        .sort((x, y) => x.r - y.r)
        .map(({ a }) => summary(a));
      return HttpResponse.json({ results });
    }),
    http.get(`${api}/feature-requests`, async ({ request }) => {
      const { stop } = await guard(request, '/feature-requests');
      if (stop) return stop;
      const status = new URL(request.url).searchParams.get('status');
      if (status && !FEATURE_STATUSES.includes(status)) {
        return HttpResponse.json({ message: `Unknown status ${status}.` }, { status: 400 });
      }
      const gleapId = request.headers.get('gleap-id');
      const featureRequests = store.featureRequests
        .filter((f) => !status || f.status === status)
        .sort((a, b) => b.voters.length - a.voters.length)
        .map((f) => featureRequestOf(f, gleapId));
      return HttpResponse.json({ featureRequests });
    }),
    http.post(`${api}/feature-requests`, async ({ request }) => {
      const { body, stop } = await guard(request, '/feature-requests');
      if (stop) return stop;
      const { title, description } = (body ?? {}) as { title?: unknown; description?: unknown };
      const clean = typeof title === 'string' ? title.trim() : '';
      if (clean.length < 3)
        return HttpResponse.json({ message: 'A title needs at least 3 characters.' }, { status: 400 });
      const gleapId = request.headers.get('gleap-id');
      const created: MockFeatureRequest = {
        id: `fr-${store.featureRequests.length + 1}-${Date.now().toString(36)}`,
        title: clean,
        ...(typeof description === 'string' && description.trim() ? { description: description.trim() } : {}),
        status: 'open',
        voters: gleapId ? [gleapId] : [],
      };
      store.featureRequests.push(created);
      return HttpResponse.json(featureRequestOf(created, gleapId), { status: 201 });
    }),
    http.post(`${api}/feature-requests/:featureRequestId/vote`, async ({ request, params }) => {
      const { stop } = await guard(request, `/feature-requests/${params.featureRequestId}/vote`);
      if (stop) return stop;
      const feature = store.featureRequests.find((f) => f.id === params.featureRequestId);
      if (!feature) return notFound();
      const gleapId = request.headers.get('gleap-id');
      if (!gleapId) return HttpResponse.json({ message: 'Voting needs a session.' }, { status: 401 });
      if (feature.voters.includes(gleapId)) {
        return HttpResponse.json({ message: 'You already voted for this.' }, { status: 409 });
      }
      feature.voters.push(gleapId);
      return HttpResponse.json(featureRequestOf(feature, gleapId));
    }),
    http.get(`${api}/checklists`, async ({ request }) => {
      const { stop } = await guard(request, '/checklists');
      if (stop) return stop;
      const checklists = visibleChecklists(request)
        .map((c) => ({
          id: c.id,
          outboundId: c.outboundId,
          title: c.title,
          ...(c.description ? { description: c.description } : {}),
          stepCount: c.steps.length,
          doneCount: c.steps.filter((s) => s.done).length,
        }))
        .sort((a, b) => Number(a.doneCount === a.stepCount) - Number(b.doneCount === b.stepCount));
      return HttpResponse.json({ checklists });
    }),
    http.post(`${api}/checklists`, async ({ request }) => {
      const { body, stop } = await guard(request, '/checklists');
      if (stop) return stop;
      const outboundId = String((body as { outboundId?: unknown } | undefined)?.outboundId ?? '');
      const started = visibleChecklists(request).find((c) => c.outboundId === outboundId);
      if (started) return HttpResponse.json(checklistOf(started));
      const template = store.checklistTemplates.find((t) => t.outboundId === outboundId);
      if (!template) return notFound();
      const owner = request.headers.get('gleap-id');
      const checklist: MockChecklist = {
        id: `cl-${outboundId}-${store.checklists.length + 1}`,
        ...structuredClone(template),
        ...(owner ? { owner } : {}),
      };
      store.checklists.push(checklist);
      return HttpResponse.json(checklistOf(checklist));
    }),
    http.get(`${api}/checklists/:checklistId`, async ({ request, params }) => {
      const { stop } = await guard(request, `/checklists/${params.checklistId}`);
      if (stop) return stop;
      const checklist = visibleChecklists(request).find((c) => c.id === params.checklistId);
      return checklist ? HttpResponse.json(checklistOf(checklist)) : notFound();
    }),
    http.post(`${api}/checklists/:checklistId/steps/:stepId/done`, async ({ request, params }) => {
      const { stop } = await guard(request, `/checklists/${params.checklistId}/steps/${params.stepId}/done`);
      if (stop) return stop;
      const checklist = visibleChecklists(request).find((c) => c.id === params.checklistId);
      const step = checklist?.steps.find((s) => s.id === params.stepId);
      if (!checklist || !step) return notFound();
      step.done = true;
      return HttpResponse.json(checklistOf(checklist));
    }),
    http.get(`${api}/forms/:formId`, async ({ request, params }) => {
      const { stop } = await guard(request, `/forms/${params.formId}`);
      if (stop) return stop;
      const form = store.forms.find((f) => f.id === params.formId);
      return form ? HttpResponse.json(form) : notFound();
    }),
    http.get(`${api}/news`, async ({ request }) => {
      const { stop } = await guard(request, '/news');
      if (stop) return stop;
      const items = [...store.news]
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map(({ content: _c, ...item }) => item);
      return HttpResponse.json({ items });
    }),
    http.get(`${api}/news/:newsId`, async ({ request, params }) => {
      const { stop } = await guard(request, `/news/${params.newsId}`);
      if (stop) return stop;
      const article = store.news.find((n) => n.id === params.newsId);
      return article ? HttpResponse.json(article) : notFound();
    }),
    http.get(`${api}/conversations`, async ({ request }) => {
      const { stop } = await guard(request, '/conversations');
      if (stop) return stop;
      const conversations = visibleConversations(store, request.headers.get('gleap-id'))
        .map(conversationSummary)
        .sort(
          (a, b) => Number(b.unreadCount > 0) - Number(a.unreadCount > 0) || b.updatedAt.localeCompare(a.updatedAt),
        );
      return HttpResponse.json({ conversations });
    }),
    http.post(`${api}/conversations`, async ({ request }) => {
      const { body, stop } = await guard(request, '/conversations');
      if (stop) return stop;
      const text = String((body as { text?: unknown } | undefined)?.text ?? '').trim();
      if (!text) return HttpResponse.json({ message: 'A message needs text.' }, { status: 400 });
      const owner = request.headers.get('gleap-id');
      const conversation: MockConversation = {
        shareToken: `t-${store.conversations.length + 1}-${Date.now().toString(36)}`,
        title: text.slice(0, 60),
        unreadCount: 0,
        ...(owner ? { owner } : {}),
        messages: [
          { id: nextMessageId(), author: { type: 'contact', name: 'You' }, text, createdAt: new Date().toISOString() },
        ],
      };
      store.conversations.push(conversation);
      return HttpResponse.json(conversationOf(conversation), { status: 201 });
    }),
    http.get(`${api}/conversations/:shareToken`, async ({ request, params }) => {
      const { stop } = await guard(request, `/conversations/${params.shareToken}`);
      if (stop) return stop;
      const conversation = find(request, String(params.shareToken));
      return conversation ? HttpResponse.json(conversationOf(conversation)) : notFound();
    }),
    http.post(`${api}/conversations/:shareToken/messages`, async ({ request, params }) => {
      const { body, stop } = await guard(request, `/conversations/${params.shareToken}/messages`);
      if (stop) return stop;
      const conversation = find(request, String(params.shareToken));
      if (!conversation) return notFound();
      const { text, attachments } = (body ?? {}) as { text?: unknown; attachments?: unknown };
      const clean = typeof text === 'string' ? text.trim() : '';
      const files = Array.isArray(attachments) ? (attachments as MockMessage['attachments']) : [];
      if (!clean && !files?.length) {
        return HttpResponse.json({ message: 'A message needs text or a file.' }, { status: 400 });
      }
      const message: MockMessage = {
        id: nextMessageId(),
        author: { type: 'contact', name: 'You' },
        text: clean,
        createdAt: new Date().toISOString(),
        ...(files?.length ? { attachments: files } : {}),
      };
      conversation.messages.push(message);
      return HttpResponse.json(message, { status: 201 });
    }),
    http.post(`${api}/conversations/:shareToken/read`, async ({ request, params }) => {
      const { stop } = await guard(request, `/conversations/${params.shareToken}/read`);
      if (stop) return stop;
      const conversation = find(request, String(params.shareToken));
      if (!conversation) return notFound();
      conversation.unreadCount = 0;
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
