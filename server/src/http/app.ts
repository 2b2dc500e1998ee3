import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { Config } from '../config';
import { type DatabaseHandle, ping } from '../db/database';
import type { ServiceDeps } from '../deps';
import { AppError } from '../services/lib/app-error';
import { authenticateHook } from './caller';
import { errorHandler, sendError } from './errors';
import { loadOpenApi, operationsOf } from './openapi';
import { parseQueryString } from './querystring';
import { activityRoutes } from './routes/activity-routes';
import { auditRoutes } from './routes/audit-routes';
import { authRoutes } from './routes/auth-routes';
import { commandRoutes } from './routes/command-routes';
import type { OperationHandlers, RouteHandler } from './routes/route-handler';
import { carbonSettingsRoutes } from './routes/carbon-settings-routes';
import { deviceGroupRoutes } from './routes/device-group-routes';
import { firmwareRoutes } from './routes/firmware-routes';
import { deviceRoutes } from './routes/device-routes';
import { dashboardRoutes } from './routes/dashboard-routes';
import { hardwareLogRoutes } from './routes/hardware-log-routes';
import { geofenceRoutes } from './routes/geofence-routes';
import { faultRoutes } from './routes/fault-routes';
import { feedbackRoutes } from './routes/feedback-routes';
import { modelRoutes } from './routes/model-routes';
import { bodyRequired, requiresBody } from './request-body';
import { notificationRoutes } from './routes/notification-routes';
import { profileRoutes } from './routes/profile-routes';
import { roleRoutes } from './routes/role-routes';
import { ruleRoutes } from './routes/rule-routes';
import { sdkKeyRoutes } from './routes/sdk-key-routes';
import { settingsRoutes } from './routes/settings-routes';
import { organisationRoutes } from './routes/organisation-routes';
import { simRoutes } from './routes/sim-routes';
import { accessGrantRoutes } from './routes/access-grant-routes';
import { ticketRoutes } from './routes/ticket-routes';
import { tripRoutes } from './routes/trip-routes';
import { userRoutes } from './routes/user-routes';
import { vehicleRoutes } from './routes/vehicle-routes';
import { telemetryRoutes } from './routes/telemetry-routes';
import { registerSecurityHeaders } from './security-headers';
import { createValidatorCompiler } from './validator';
import { MESSENGER_PREFIX } from './security-headers';
import { WIDGET_API_PREFIX, widgetApi } from './widget-api';
import { createWidgetSocketServer, WIDGET_WS_PATH } from './widget-socket';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  deps: ServiceDeps;
  /** The broker the server talks to (embedded or external), for /api/health. */
  broker: { isUp(): boolean };
}

/** JSON request bodies larger than this answer 413 (uploads get their own limits when they arrive). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Operations whose contract allows a larger JSON body: a ticket message carries up to 3 attachments of 512 KB each as
 * base64 data URLs (about 2 MB); the service checks each file's own limit.
 */
const OPERATION_BODY_LIMITS: Record<string, number> = { postTicketMessage: 3 * 1024 * 1024 };

/**
 * Every operation's handler, by operationId. An operation of the contract without one would answer 501
 * (`test/contract/health.test.ts` checks there is none).
 */
export function implementedOperations(deps: ServiceDeps): OperationHandlers {
  return {
    ...activityRoutes(deps),
    ...auditRoutes(deps),
    ...authRoutes(deps),
    ...commandRoutes(deps),
    ...carbonSettingsRoutes(deps),
    ...deviceGroupRoutes(deps),
    ...firmwareRoutes(deps),
    ...deviceRoutes(deps),
    ...dashboardRoutes(deps),
    ...geofenceRoutes(deps),
    ...faultRoutes(deps),
    ...hardwareLogRoutes(deps),
    ...feedbackRoutes(deps),
    ...modelRoutes(deps),
    ...notificationRoutes(deps),
    ...profileRoutes(deps),
    ...roleRoutes(deps),
    ...ruleRoutes(deps),
    ...sdkKeyRoutes(deps),
    ...settingsRoutes(deps),
    ...organisationRoutes(deps),
    ...simRoutes(deps),
    ...accessGrantRoutes(deps),
    ...ticketRoutes(deps),
    ...tripRoutes(deps),
    ...userRoutes(deps),
    ...vehicleRoutes(deps),
    ...telemetryRoutes(deps),
  };
}

function notImplemented(operationId: string): RouteHandler {
  return async () => {
    throw new AppError('not_implemented', `${operationId} is not implemented on this server yet.`);
  };
}

/** The Fleet API and the portal, as one Fastify plugin. */
export async function voltlineApp(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { config, database, deps, broker } = options;
  app.setErrorHandler(errorHandler);
  app.setValidatorCompiler(createValidatorCompiler());
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  // While closing, answers in flight end their keep-alive connection, so the close does not wait for it to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('Connection', 'close');
    return payload;
  });
  registerSecurityHeaders(app, { behindTls: config.behindTls });
  // CSV bodies (the contract has some) arrive as text; their operations parse them.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
      exposedHeaders: ['Retry-After', 'X-Request-Id'],
      maxAge: 600,
    });
  }

  app.get('/api/health', async (_request, reply) => {
    const databaseState = (await ping(database.db)) ? 'ok' : 'unreachable';
    const brokerState = broker.isUp() ? 'ok' : 'unreachable';
    const ok = databaseState === 'ok' && brokerState === 'ok';
    return reply
      .code(ok ? 200 : 503)
      .send({ status: ok ? 'ok' : 'degraded', database: databaseState, broker: brokerState });
  });

  // The portal's runtime configuration (portal/src/config/env.ts): this server's API and its broker. Only the keys a
  // deployment may set: the demo flag belongs to the build, and the portal refuses a config.json that names it.
  const hasMessenger = existsSync(join(config.messengerDir, 'index.html'));
  app.get('/config.json', async (request) => {
    const wsProtocol = request.protocol === 'https' ? 'wss' : 'ws';
    const external = config.mqttUrl && /^wss?:\/\//.test(config.mqttUrl) ? config.mqttUrl : undefined;
    return {
      apiUrl: '/api',
      mqttUrl: external ?? `${wsProtocol}://${request.host}/mqtt`,
      // The portal's own widget reports to this server (issue 38 item 5, decision 0118), never to gleap's cloud.
      ...(config.portalWidgetKey
        ? {
            widgetKey: config.portalWidgetKey,
            widgetApiUrl: WIDGET_API_PREFIX,
            widgetWsUrl: `${wsProtocol}://${request.host}/widget-ws`,
            // Its file by name: the router ignores trailing slashes, so `/messenger/` itself is not the static route's.
            ...(hasMessenger ? { widgetFrameUrl: `${MESSENGER_PREFIX}index.html` } : {}),
          }
        : {}),
    };
  });

  // Responses are checked against the contract in the tests; serializing 183 operations' schemas at start is not
  // worth it, and a serializer would silently drop what the schema does not name.
  app.addHook('onRoute', (route) => {
    if (route.schema && 'response' in route.schema) delete route.schema.response;
  });

  const doc = loadOpenApi();
  const operations = operationsOf(doc);
  const handlers = implementedOperations(deps);
  const authenticate = authenticateHook(deps);
  const resolve = (operationId: string) => ({
    ...(operations.get(operationId)?.secured ? { preValidation: authenticate } : {}),
    ...(OPERATION_BODY_LIMITS[operationId] ? { bodyLimit: OPERATION_BODY_LIMITS[operationId] } : {}),
    ...(requiresBody(doc, operationId) ? { preHandler: bodyRequired } : {}),
    handler: handlers[operationId] ?? notImplemented(operationId),
  });
  await app.register(openapiGlue, {
    specification: structuredClone(doc),
    prefix: '/api',
    // The plugin merges partial route options into the route it builds; its types ask for whole ones.
    operationResolver: resolve as never,
  });

  // The widget API: its own scope, CORS and limits (decision 0115).
  await app.register(widgetApi, { prefix: WIDGET_API_PREFIX, deps });
  // Its WebSocket (decision 0128). Other paths are another listener's (start.ts hands `/mqtt` to the broker, and a
  // test may take it itself); an upgrade that no other listener is there to take is refused here.
  const widgetSockets = createWidgetSocketServer(deps);
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path === WIDGET_WS_PATH) widgetSockets.handleUpgrade(request, socket, head);
    else if (app.server.listenerCount('upgrade') === 1) socket.destroy();
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    widgetSockets.close();
  });

  // The widget's UMD file, which the portal loads as its session-recording tag (`/widget/index.umd.js`).
  if (existsSync(join(config.widgetDir, 'index.umd.js'))) {
    await app.register(fastifyStatic, { root: config.widgetDir, prefix: '/widget/', decorateReply: false });
  }
  // The widget's messenger frame, where its report form lives; the portal's page may frame it (security-headers.ts).
  if (hasMessenger) {
    await app.register(fastifyStatic, {
      root: config.messengerDir,
      prefix: MESSENGER_PREFIX,
      decorateReply: false,
    });
    // A frame opened at this origin's root is the messenger (decision 0132): gleap's SDK takes its frame URL as an
    // origin (it accepts the frame's messages only when `event.origin` equals that URL), so an integrator points it at
    // this server's origin. The portal is never framable, so a frame asking for `/` loses nothing; a page still gets it.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || request.url.split('?')[0] !== '/') return;
      reply.header('Vary', 'Sec-Fetch-Dest');
      if (request.headers['sec-fetch-dest'] === 'iframe') {
        const query = request.url.slice(1);
        return reply.redirect(`${MESSENGER_PREFIX}index.html${query}`, 302);
      }
    });
  }
  const hasPortal = existsSync(join(config.portalDir, 'index.html'));
  if (hasPortal) {
    await app.register(fastifyStatic, { root: config.portalDir, index: ['index.html'], wildcard: true });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/api?');
    if (isPage && hasPortal && (request.headers.accept ?? '').includes('text/html')) {
      // The single-page app owns every other path: its router shows the page or its own "not found".
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return sendError(reply, new AppError('not_found', 'Nothing here.'));
  });
}

// The app is the whole server: its hooks, error handler and not-found handler hold for every route (no encapsulation).
Object.assign(voltlineApp, { [Symbol.for('skip-override')]: true });

/** Fastify's own options: logs, body limit, ids, proxies, the contract's query strings, validation that lists every field. */
export function fastifyOptions(config: Config, logger: FastifyServerOptions['logger']): FastifyServerOptions {
  return {
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.behindTls,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
    // On close, idle keep-alive connections are closed at once; requests in flight finish first.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  };
}

/** Builds the app (not listening): what server.ts starts and what tests `inject` into. */
export async function createApp(options: AppOptions, logger: FastifyServerOptions['logger'] = false) {
  const app = Fastify(fastifyOptions(options.config, logger));
  await app.register(voltlineApp, options);
  return app;
}
