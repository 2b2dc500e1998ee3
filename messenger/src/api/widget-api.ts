import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

export type HelpCollection = components['schemas']['HelpCollection'];
export type HelpArticleSummary = components['schemas']['HelpArticleSummary'];
export type HelpArticle = components['schemas']['HelpArticle'];
export type NewsSummary = components['schemas']['NewsSummary'];
export type NewsArticle = components['schemas']['NewsArticle'];
export type ConversationSummary = components['schemas']['ConversationSummary'];
export type Conversation = components['schemas']['Conversation'];
export type ConversationMessage = components['schemas']['ConversationMessage'];
export type Attachment = components['schemas']['Attachment'];
export type Form = components['schemas']['Form'];
export type FeatureRequest = components['schemas']['FeatureRequest'];
export type FeatureRequestStatus = components['schemas']['FeatureRequestStatus'];
export type Checklist = components['schemas']['Checklist'];
export type ChecklistSummary = components['schemas']['ChecklistSummary'];
export type ChecklistStep = components['schemas']['ChecklistStep'];
export type FormField = components['schemas']['FormField'];
export type BotRun = components['schemas']['BotRun'];
export type BotPrompt = components['schemas']['BotPrompt'];
export type BotOutcome = components['schemas']['BotOutcome'];

/** Where and as whom the messenger calls the Widget API: from `session-update` and `config-update`. */
export interface WidgetApiSession {
  apiUrl: string;
  sdkKey: string;
  gleapId?: string;
  gleapHash?: string;
  lang: string;
}

/** A failed call, with the server's message when it sent one. */
export class WidgetApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'WidgetApiError';
    this.status = status;
  }
}

/** The calls of `sdk/api/widget-api.yaml` that the messenger screens make. */
export interface WidgetApi {
  listHelpCollections(): Promise<HelpCollection[]>;
  getHelpCollection(collectionId: string): Promise<{ collection: HelpCollection; articles: HelpArticleSummary[] }>;
  getHelpArticle(articleId: string): Promise<HelpArticle>;
  searchHelp(term: string): Promise<HelpArticleSummary[]>;
  listNews(): Promise<NewsSummary[]>;
  getNewsArticle(newsId: string): Promise<NewsArticle>;
  listConversations(): Promise<ConversationSummary[]>;
  getConversation(shareToken: string): Promise<Conversation>;
  startConversation(text: string): Promise<Conversation>;
  sendMessage(shareToken: string, text: string, attachments?: Attachment[]): Promise<ConversationMessage>;
  /** Upload a file through `/uploads/sdk` (only a 200 counts, as in the widget). */
  uploadFile(file: File): Promise<Attachment>;
  markConversationRead(shareToken: string): Promise<void>;
  /** A form by id or a survey by outbound id. */
  getForm(formId: string): Promise<Form>;
  listChecklists(): Promise<ChecklistSummary[]>;
  getChecklist(checklistId: string): Promise<Checklist>;
  /** Start (or get the started) checklist of an outbound id. */
  startChecklist(outboundId: string): Promise<Checklist>;
  completeChecklistStep(checklistId: string, stepId: string): Promise<Checklist>;
  listFeatureRequests(status?: FeatureRequestStatus): Promise<FeatureRequest[]>;
  submitFeatureRequest(title: string, description: string): Promise<FeatureRequest>;
  voteFeatureRequest(featureRequestId: string): Promise<FeatureRequest>;
  /** Start a bot: its messages up to the first question. */
  startBot(botId: string): Promise<BotRun>;
  /** Answer the step the run waits for (an option id or the typed text). */
  answerBot(runId: string, stepId: string, value: string): Promise<BotRun>;
}

interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function messageOf(error: unknown, status: number): string {
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  if (status === 404) return 'This could not be found.';
  return `The server answered with an error (${status}).`;
}

async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await call;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new WidgetApiError('Could not reach the server. Check your connection and try again.', 0);
  }
  const { data, error, response } = result;
  if (!response.ok || error !== undefined) throw new WidgetApiError(messageOf(error, response.status), response.status);
  return data as T;
}

/** A Widget API client for one session. Every call sends Api-Token, Gleap-Id and Gleap-Hash. */
export function createWidgetApi(session: WidgetApiSession): WidgetApi {
  const headers: Record<string, string> = { 'Api-Token': session.sdkKey };
  if (session.gleapId) headers['Gleap-Id'] = session.gleapId;
  if (session.gleapHash) headers['Gleap-Hash'] = session.gleapHash;
  const baseUrl = session.apiUrl.replace(/\/$/, '');
  const client = createClient<paths>({
    baseUrl,
    headers,
    // Resolved per call, so a fetch patched after start-up (MSW in demo mode and tests) is used.
    fetch: (request) => globalThis.fetch(request),
  });
  const lang = session.lang;

  return {
    async listHelpCollections() {
      return (await unwrap(client.GET('/helpcenter/collections', { params: { query: { lang } } }))).collections;
    },
    getHelpCollection: (collectionId) =>
      unwrap(
        client.GET('/helpcenter/collections/{collectionId}', { params: { path: { collectionId }, query: { lang } } }),
      ),
    getHelpArticle: (articleId) =>
      unwrap(client.GET('/helpcenter/articles/{articleId}', { params: { path: { articleId }, query: { lang } } })),
    async searchHelp(term) {
      return (await unwrap(client.GET('/helpcenter/search', { params: { query: { q: term, lang } } }))).results;
    },
    async listNews() {
      return (await unwrap(client.GET('/news', { params: { query: { lang } } }))).items;
    },
    getNewsArticle: (newsId) => unwrap(client.GET('/news/{newsId}', { params: { path: { newsId }, query: { lang } } })),
    async listConversations() {
      return (await unwrap(client.GET('/conversations'))).conversations;
    },
    getConversation: (shareToken) =>
      unwrap(client.GET('/conversations/{shareToken}', { params: { path: { shareToken } } })),
    startConversation: (text) => unwrap(client.POST('/conversations', { body: { text } })),
    sendMessage: (shareToken, text, attachments) =>
      unwrap(
        client.POST('/conversations/{shareToken}/messages', {
          params: { path: { shareToken } },
          body: attachments?.length ? { text, attachments } : { text },
        }),
      ),
    async uploadFile(file) {
      const form = new FormData();
      form.append('file', file, file.name);
      let response: Response;
      try {
        // Plain fetch: the browser sets the multipart boundary itself.
        response = await globalThis.fetch(`${baseUrl}/uploads/sdk`, { method: 'POST', headers, body: form });
      } catch {
        throw new WidgetApiError('Could not reach the server. Check your connection and try again.', 0);
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status !== 200) throw new WidgetApiError(messageOf(body, response.status), response.status);
      const fileUrl = (body as { fileUrl?: unknown } | undefined)?.fileUrl;
      if (typeof fileUrl !== 'string') throw new WidgetApiError('The upload did not return a file address.', 200);
      return { name: file.name, url: fileUrl, type: file.type || undefined };
    },
    async listFeatureRequests(status) {
      const query = status ? { status } : {};
      return (await unwrap(client.GET('/feature-requests', { params: { query } }))).featureRequests;
    },
    submitFeatureRequest: (title, description) =>
      unwrap(client.POST('/feature-requests', { body: description ? { title, description } : { title } })),
    voteFeatureRequest: (featureRequestId) =>
      unwrap(client.POST('/feature-requests/{featureRequestId}/vote', { params: { path: { featureRequestId } } })),
    async listChecklists() {
      return (await unwrap(client.GET('/checklists', { params: { query: { lang } } }))).checklists;
    },
    getChecklist: (checklistId) =>
      unwrap(client.GET('/checklists/{checklistId}', { params: { path: { checklistId }, query: { lang } } })),
    startChecklist: (outboundId) => unwrap(client.POST('/checklists', { body: { outboundId } })),
    completeChecklistStep: (checklistId, stepId) =>
      unwrap(
        client.POST('/checklists/{checklistId}/steps/{stepId}/done', { params: { path: { checklistId, stepId } } }),
      ),
    getForm: (formId) => unwrap(client.GET('/forms/{formId}', { params: { path: { formId }, query: { lang } } })),
    startBot: (botId) =>
      unwrap(client.POST('/bots/{botId}/runs', { params: { path: { botId }, query: { lang } }, body: {} })),
    answerBot: (runId, stepId, value) =>
      unwrap(client.POST('/bots/runs/{runId}/answers', { params: { path: { runId } }, body: { stepId, value } })),
    async markConversationRead(shareToken) {
      await unwrap(client.POST('/conversations/{shareToken}/read', { params: { path: { shareToken } } }));
    },
  };
}
