import { HttpResponse } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import type { components, paths } from '../api/schema';

type Schemas = components['schemas'];

/** Base URL the test widget sends in session-update (see render-messenger). */
export const TEST_API_URL = 'https://api.example';

/**
 * A small, stateful Widget API for the messenger's tests, shaped by `api/widget-api.yaml`. It stands in until
 * `@voltline/widget/mock` serves these calls; what it answers is what that mock must answer too.
 */
export interface TestWorld {
  collections: Schemas['HelpCollection'][];
  articles: Schemas['HelpArticle'][];
  news: Schemas['NewsArticle'][];
  conversations: Schemas['Conversation'][];
  unread: Record<string, number>;
  /** Content types of the uploads through /uploads/sdk (one entry per file). */
  uploads: string[];
  /** Every request seen, for header assertions. */
  requests: Request[];
}

export function seedWorld(): TestWorld {
  return {
    collections: [
      { id: 'c-start', title: 'Getting started', description: 'Set up your first vehicle', articleCount: 2 },
      { id: 'c-billing', title: 'Billing', articleCount: 1 },
      { id: 'c-empty', title: 'Coming soon', articleCount: 0 },
    ],
    articles: [
      {
        id: 'a-pair',
        collectionId: 'c-start',
        title: 'Pair a battery with a vehicle',
        description: 'Connect the BMS to the vehicle controller',
        content:
          '<p>Open <b>Devices</b> and choose <a href="https://docs.example/pair">Pair</a>.</p><img src="https://cdn.example/pair.png" alt="The pair dialog"><script>window.hacked = true</script><p onclick="alert(1)">Done.</p>',
        updatedAt: '2026-11-01T10:00:00.000Z',
      },
      {
        id: 'a-firmware',
        collectionId: 'c-start',
        title: 'Update battery firmware',
        description: 'Over the air updates',
        content: '<p>Firmware updates run at night.</p>',
        updatedAt: '2026-10-01T10:00:00.000Z',
      },
      {
        id: 'a-invoice',
        collectionId: 'c-billing',
        title: 'Download an invoice',
        content: '<p>Invoices are under Billing.</p>',
        updatedAt: '2026-09-01T10:00:00.000Z',
      },
    ],
    news: [
      {
        id: 'n-2',
        title: 'Live map for 10,000 vehicles',
        previewText: 'The map now clusters.',
        createdAt: '2026-11-20T09:00:00.000Z',
        sender: { name: 'Maya' },
        content: '<p>The live map clusters vehicles.</p>',
      },
      {
        id: 'n-1',
        title: 'Dark mode',
        createdAt: '2026-10-02T09:00:00.000Z',
        content: '<p>Dark mode is here.</p>',
      },
    ],
    conversations: [
      {
        shareToken: 't-old',
        title: 'Invoice question',
        messages: [
          {
            id: 'm1',
            author: { type: 'contact', name: 'Ana' },
            text: 'Where is my invoice?',
            createdAt: '2026-11-01T08:00:00.000Z',
          },
          {
            id: 'm2',
            author: { type: 'agent', name: 'Maya' },
            text: 'Under Billing.',
            createdAt: '2026-11-01T09:00:00.000Z',
          },
        ],
      },
      {
        shareToken: 't-new',
        title: 'Battery alarm',
        messages: [
          {
            id: 'm3',
            author: { type: 'bot', name: 'Volt' },
            text: 'Hi! What can I do for you?',
            createdAt: '2026-10-01T08:00:00.000Z',
          },
        ],
      },
    ],
    unread: { 't-new': 1 },
    uploads: [],
    requests: [],
  };
}

export let world: TestWorld = seedWorld();

export function resetWorld(): void {
  world = seedWorld();
}

const http = createOpenApiHttp<paths>({ baseUrl: TEST_API_URL });

function summary(article: Schemas['HelpArticle']): Schemas['HelpArticleSummary'] {
  const { content: _content, updatedAt: _updatedAt, ...rest } = article;
  return rest;
}

function conversationSummary(c: Schemas['Conversation']): Schemas['ConversationSummary'] {
  const lastMessage = c.messages[c.messages.length - 1];
  return {
    shareToken: c.shareToken,
    title: c.title,
    unreadCount: world.unread[c.shareToken] ?? 0,
    updatedAt: lastMessage?.createdAt ?? '1970-01-01T00:00:00.000Z',
    lastMessage,
  };
}

const NOT_FOUND = { message: 'Not found.' };

export const widgetApiHandlers = [
  http.untyped.all(`${TEST_API_URL}/*`, ({ request }) => {
    world.requests.push(request.clone());
    if (!request.headers.get('Api-Token')) return HttpResponse.json({ message: 'Missing Api-Token.' }, { status: 401 });
    return undefined;
  }),
  http.get('/helpcenter/collections', ({ response }) => response(200).json({ collections: world.collections })),
  http.get('/helpcenter/collections/{collectionId}', ({ params, response }) => {
    const collection = world.collections.find((c) => c.id === params.collectionId);
    if (!collection) return response(404).json(NOT_FOUND);
    const articles = world.articles.filter((a) => a.collectionId === collection.id).map(summary);
    return response(200).json({ collection, articles });
  }),
  http.get('/helpcenter/articles/{articleId}', ({ params, response }) => {
    const article = world.articles.find((a) => a.id === params.articleId);
    return article ? response(200).json(article) : response(404).json(NOT_FOUND);
  }),
  http.get('/helpcenter/search', ({ query, response }) => {
    const q = (query.get('q') ?? '').toLowerCase();
    const results = world.articles
      .filter((a) => [a.title, a.description ?? '', a.content].some((t) => t.toLowerCase().includes(q)))
      .map(summary);
    return response(200).json({ results });
  }),
  http.get('/news', ({ response }) =>
    response(200).json({ items: world.news.map(({ content: _content, ...item }) => item) }),
  ),
  http.get('/news/{newsId}', ({ params, response }) => {
    const article = world.news.find((n) => n.id === params.newsId);
    return article ? response(200).json(article) : response(404).json(NOT_FOUND);
  }),
  http.get('/conversations', ({ response }) =>
    response(200).json({ conversations: world.conversations.map(conversationSummary) }),
  ),
  http.post('/conversations', async ({ request, response }) => {
    const body = await request.json();
    if (!body.text?.trim()) return response(400).json({ message: 'A message needs text.' });
    const conversation: Schemas['Conversation'] = {
      shareToken: `t-${world.conversations.length + 1}`,
      title: body.text.trim().slice(0, 40),
      messages: [
        {
          id: `m${Date.now()}`,
          author: { type: 'contact', name: 'You' },
          text: body.text.trim(),
          createdAt: new Date().toISOString(),
        },
      ],
    };
    world.conversations.push(conversation);
    return response(201).json(conversation);
  }),
  http.get('/conversations/{shareToken}', ({ params, response }) => {
    const conversation = world.conversations.find((c) => c.shareToken === params.shareToken);
    return conversation ? response(200).json(conversation) : response(404).json(NOT_FOUND);
  }),
  http.post('/conversations/{shareToken}/messages', async ({ params, request, response }) => {
    const conversation = world.conversations.find((c) => c.shareToken === params.shareToken);
    if (!conversation) return response(404).json(NOT_FOUND);
    const body = await request.json();
    if (!body.text?.trim() && !body.attachments?.length) {
      return response(400).json({ message: 'A message needs text or a file.' });
    }
    const message: Schemas['ConversationMessage'] = {
      id: `m${Date.now()}`,
      author: { type: 'contact', name: 'You' },
      text: body.text.trim(),
      createdAt: new Date().toISOString(),
      ...(body.attachments?.length ? { attachments: body.attachments } : {}),
    };
    conversation.messages.push(message);
    return response(201).json(message);
  }),
  http.post('/uploads/sdk', async ({ request, response }) => {
    const file = (await request.clone().formData()).get('file');
    // Not `instanceof File`: jsdom's File and Node's are different classes.
    if (file === null || typeof file === 'string') {
      return response('default').json({ message: 'No file.' }, { status: 400 });
    }
    // Only the multipart shape is recorded: jsdom's File loses its name and bytes on the way through Node's fetch
    // (a browser keeps both), so a test here cannot check them.
    world.uploads.push(request.headers.get('content-type')?.split(';')[0] ?? '');
    return response(200).json({ fileUrl: `https://files.example/upload-${world.uploads.length}` });
  }),
  http.post('/conversations/{shareToken}/read', ({ params, response }) => {
    if (!world.conversations.some((c) => c.shareToken === params.shareToken)) return response(404).json(NOT_FOUND);
    world.unread[params.shareToken] = 0;
    return response(204).empty();
  }),
];
