import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../deps';
import { validationFailed } from '../services/lib/app-error';
import {
  getConversation,
  listConversations,
  markConversationRead,
  sendConversationMessage,
  startConversation,
} from '../services/feedback/conversations';
import { type ReportAdmission, admitReport, storeReport } from '../services/feedback/send-report';
import { UPLOAD_MAX_BYTES, readUpload, uploadFile } from '../services/feedback/uploads';
import { identifySession, pingSession, startSession, updateSession } from '../services/feedback/sessions';
import type { WidgetCaller } from '../services/feedback/widget-auth';
import { getWidgetConfig, getWidgetTooltips } from '../services/feedback/widget-config';
import { getProductTour, validateProductTour } from '../services/feedback/product-tours';
import { sendError, toErrorResponse } from './errors';

/** Where the widget API is mounted; the widget's `setApiUrl` points here (`https://<host>/widget-api`). */
export const WIDGET_API_PREFIX = '/widget-api';

/** Session calls carry a few fields and a batch of events; more than this is 413. */
export const SESSION_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * A report carries its logs, snapshot and replay events (a replay event alone may be 4,000,000 characters, widget spec
 * §8): more than this is 413 and nothing is stored.
 */
export const REPORT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;
/** A multipart upload: one file of UPLOAD_MAX_BYTES and its form around it. */
export const UPLOAD_BODY_LIMIT_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;

/** Images and videos a browser may show in place; anything else is sent as a download. */
const SHOWN_INLINE = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'video/webm', 'video/mp4']);

/** The headers the widget sends (gleap@14.2.11's wire) besides the CORS-safelisted ones. */
const ALLOWED_HEADERS = 'Content-Type, Api-Token, Gleap-Id, Gleap-Hash';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The credentials of a widget call, as the services check them. */
export function widgetCallerOf(request: FastifyRequest): WidgetCaller {
  return {
    apiToken: header(request, 'api-token'),
    gleapId: header(request, 'gleap-id'),
    gleapHash: header(request, 'gleap-hash'),
    address: request.ip,
  };
}

/**
 * Its own CORS: any site may call it (an integrator's pages run on origins we cannot list), without credentials (the
 * widget sends its key and session as headers, never cookies), so `*` is safe. The Fleet API's CORS never applies here.
 */
function widgetCors(reply: FastifyReply): void {
  reply.header('Access-Control-Allow-Origin', '*');
  reply.header('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id');
}

/**
 * Errors in the widget's shape (`{message}`; the Fleet API's `code` beside it). Report bodies never reach the log: a
 * 5xx is logged by its code and name only, as a database error's detail can quote the values it was given.
 */
function widgetErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status } = toErrorResponse(error);
  const code = (error as { code?: string }).code;
  if (status >= 500) request.log.error({ code, name: error.name }, 'widget request failed');
  else request.log.info({ code, status }, 'widget request refused');
  return sendError(reply, error);
}

/** The widget API (gleap@14.2.11's wire, decision 0115), as an encapsulated plugin under WIDGET_API_PREFIX. */
export async function widgetApi(app: FastifyInstance, options: { deps: ServiceDeps }): Promise<void> {
  const deps = options.deps.feedback;
  // The Fleet API's CORS (CORS_ORIGINS) stays off these routes.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), cors: false } as typeof route.config;
  });
  app.addHook('onRequest', async (_request, reply) => widgetCors(reply));
  app.setErrorHandler(widgetErrorHandler);

  app.options('/*', async (_request, reply) =>
    reply
      .header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
      .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
      .header('Access-Control-Max-Age', '600')
      .code(204)
      .send(),
  );

  const small = { bodyLimit: SESSION_BODY_LIMIT_BYTES };
  app.post('/sessions', small, async (request, reply) => {
    const { created, session } = await startSession(deps, widgetCallerOf(request), { body: request.body });
    return reply.code(created ? 201 : 200).send(session);
  });
  app.post('/sessions/identify', small, async (request) =>
    identifySession(deps, widgetCallerOf(request), { body: request.body }),
  );
  app.post('/sessions/partialupdate', small, async (request) =>
    updateSession(deps, widgetCallerOf(request), { body: request.body }),
  );
  app.post('/sessions/ping', small, async (request) =>
    pingSession(deps, widgetCallerOf(request), { body: request.body }),
  );

  // Reports: the body's JSON text is kept as received, so this scope parses JSON itself and keeps the text beside it.
  await app.register(async (reports) => {
    reports.removeAllContentTypeParsers();
    reports.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT_BYTES },
      (_request, text, done) => {
        try {
          done(null, { text: text as string, value: JSON.parse(text as string) as unknown });
        } catch {
          done(validationFailed({ body: 'The body is not valid JSON.' }), undefined);
        }
      },
    );
    // The key, the session and the limits are checked on the headers, before the body is read: a refused report
    // (a flood, an unknown key) costs no reading or parsing of its megabytes, so it slows nothing else.
    const admitted = new WeakMap<FastifyRequest, ReportAdmission>();
    reports.post(
      '/bugs/v2',
      {
        bodyLimit: REPORT_BODY_LIMIT_BYTES,
        onRequest: async (request) => {
          admitted.set(request, await admitReport(deps, widgetCallerOf(request)));
        },
      },
      async (request, reply) => {
        const admission = admitted.get(request);
        if (!admission) throw new Error('the report was not admitted');
        const received = request.body as { text: string; value: unknown } | undefined;
        if (!received) throw validationFailed({ body: 'A JSON report is required.' });
        const { report } = await storeReport(deps, admission, { body: received.value, text: received.text });
        return reply.code(201).send(report);
      },
    );
  });

  // Uploads: multipart with one `file`, read whole (within the limit) and parsed by the platform's FormData.
  await app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    uploads.post('/uploads/sdk', { bodyLimit: UPLOAD_BODY_LIMIT_BYTES }, async (request) => {
      const contentType = header(request, 'content-type') ?? '';
      if (!Buffer.isBuffer(request.body)) throw validationFailed({ file: 'A multipart form with a file is required.' });
      let form: FormData;
      try {
        // the received buffer itself (no copy: a file may be 20 MiB)
        form = await new Response(request.body as unknown as Uint8Array<ArrayBuffer>, {
          headers: { 'content-type': contentType },
        }).formData();
      } catch {
        throw validationFailed({ body: 'The multipart form could not be read.' });
      }
      const part = form.get('file');
      const file =
        part && typeof part === 'object'
          ? { name: part.name, type: part.type, bytes: new Uint8Array(await part.arrayBuffer()) }
          : undefined;
      const { id } = await uploadFile(deps, widgetCallerOf(request), { file });
      return { fileUrl: `${request.protocol}://${request.host}${WIDGET_API_PREFIX}/uploads/${id}` };
    });
  });

  app.get<{ Params: { id: string } }>('/uploads/:id', async (request, reply) => {
    const file = await readUpload(deps, { id: request.params.id });
    const inline = SHOWN_INLINE.has(file.type);
    const name = encodeURIComponent(file.fileName);
    return reply
      .type(inline ? file.type : 'application/octet-stream')
      .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`)
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Cache-Control', 'private, max-age=3600')
      .send(Buffer.from(file.bytes));
  });

  // The messenger's conversations (decision 0128): the caller's session's only.
  type Token = { Params: { shareToken: string } };
  app.get('/conversations', async (request) => listConversations(deps, widgetCallerOf(request)));
  app.post('/conversations', small, async (request, reply) =>
    reply.code(201).send(await startConversation(deps, widgetCallerOf(request), { body: request.body })),
  );
  app.get<Token>('/conversations/:shareToken', async (request) =>
    getConversation(deps, widgetCallerOf(request), { shareToken: request.params.shareToken }),
  );
  app.post<Token>('/conversations/:shareToken/messages', small, async (request, reply) =>
    reply.code(201).send(
      await sendConversationMessage(deps, widgetCallerOf(request), {
        shareToken: request.params.shareToken,
        body: request.body,
      }),
    ),
  );
  app.post<Token>('/conversations/:shareToken/read', small, async (request, reply) => {
    await markConversationRead(deps, widgetCallerOf(request), { shareToken: request.params.shareToken });
    return reply.code(204).send();
  });

  app.get<{ Params: { sdkKey: string }; Querystring: { lang?: string } }>('/config/:sdkKey', async (request) =>
    getWidgetConfig(deps, widgetCallerOf(request), {
      sdkKey: request.params.sdkKey,
      lang: typeof request.query.lang === 'string' ? request.query.lang : undefined,
    }),
  );
  app.get<{ Params: { sdkKey: string } }>('/config/:sdkKey/tooltips', async (request) =>
    getWidgetTooltips(deps, widgetCallerOf(request), { sdkKey: request.params.sdkKey }),
  );
  // Product tours by outbound id (`Gleap.startProductTour(id)`), under the caller's key.
  app.post('/outbound/producttours', small, async (request) =>
    getProductTour(deps, widgetCallerOf(request), { body: request.body }),
  );
  app.post('/outbound/producttourvalidation', small, async (request) =>
    validateProductTour(deps, widgetCallerOf(request), { body: request.body }),
  );
}
