#!/usr/bin/env node
// The server side of the firmware rollout bench (bench/portal-fota.bench.mjs), in its own process so that its work
// never runs on the measured browser's main thread nor in the bench's own event loop:
// - the Fleet API: the demo world's own MSW handlers (every route the portal calls), loaded through Vite and answered
//   over HTTP with msw's `getResponse`, next to the production build of the portal (`distDir`) and a `config.json`
//   that points the portal at the broker;
// - the firmware backend: the demo's rollout engine advanced once a second (as `mocks/firmware-demo.ts` does in the
//   demo), each changed device published as OTA progress (`voltline/v1/vehicles/{v}/devices/{d}/ota`) and each
//   changed rollout as its progress summary (`voltline/v1/rollouts/{id}/progress`), the contract's topics, to the
//   real broker at `--mqtt`.
// It prepares a LOGGER release of one OEM and a one-wave rollout of exactly `--devices` loggers to it, paused, and
// prints one JSON line `{url, rolloutId, devices, email, password}` when it is ready. Once the bench resumes the
// rollout (through the page), every device is sent the update at once and reports progress every 5 % of its install.
//   node bench/lib/fota-server.mjs --root . --dist portal/dist --mqtt ws://127.0.0.1:9001 [--devices 10000]
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { serveDistFile } from './serve-dist.mjs';

const { values: args } = parseArgs({
  options: {
    root: { type: 'string', default: '.' },
    dist: { type: 'string' },
    mqtt: { type: 'string' },
    devices: { type: 'string', default: '10000' },
    /** Vehicles in the world: enough that one OEM has at least `--devices` loggers fitted (about a quarter each). */
    size: { type: 'string', default: '52000' },
  },
});
const root = resolve(args.root);
const DEVICES = Number(args.devices);
const OEM = 'oem-01';

const portalRequire = createRequire(join(root, 'portal/package.json'));
const e2eRequire = createRequire(join(root, 'e2e/package.json'));
// The world's persistence (idb-keyval) needs an IndexedDB; this server keeps the world in memory (see below).
await import(pathToFileURL(portalRequire.resolve('fake-indexeddb/auto')).href);
const { getResponse } = await import(pathToFileURL(portalRequire.resolve('msw')).href);
const { MqttClient } = e2eRequire('mqtt');
const { WebSocket } = e2eRequire('ws');
const { coalescingStream } = await import(pathToFileURL(join(root, 'e2e/servers/ws-coalescing-stream.mjs')).href);
const { createServer: createVite } = await import(pathToFileURL(portalRequire.resolve('vite')).href);

const vite = await createVite({
  root: join(root, 'portal'),
  mode: 'demo',
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const load = (path) => vite.ssrLoadModule(path);
const { resetWorldDb } = await load('/src/mocks/world/world-instance.ts');
const { createHandlers } = await load('/src/mocks/handlers.ts');
const { settleOpenRollouts } = await load('/src/mocks/handlers/firmware.ts');
const { topics } = await load('/src/shared/lib/live/topics.ts');
const { DEMO_PASSWORD, demoEmailFor } = await load('/src/mocks/world/demo-users.ts');

const db = await resetWorldDb({ seed: 1, size: Number(args.size) });
// A server keeps its state in memory here: the demo's IndexedDB writes are the browser demo's cost, not the API's.
db.persist = async () => {};

// The MQTT side: one publisher connection to the real broker, packets coalesced per event-loop turn as the
// e2e publisher does.
const mqtt = new MqttClient(() => coalescingStream(new WebSocket(args.mqtt, 'mqtt')), {
  clientId: `voltline-fota-bench-${process.pid}`,
  reconnectPeriod: 1000,
  clean: true,
});
await new Promise((ok, fail) => {
  mqtt.once('connect', ok);
  mqtt.once('error', fail);
});
let published = 0;
const publish = (u) => {
  if (!u.vehicleId || !u.releaseId) return;
  const payload = {
    v: 1,
    vehicleUid: u.vehicleId,
    deviceUid: u.deviceId,
    releaseId: u.releaseId,
    status: u.status,
    progress: u.progress,
    ts: Date.now(),
  };
  mqtt.publish(topics.otaProgress(u.vehicleId, u.deviceId), JSON.stringify(payload), { qos: 0 });
  published += 1;
};

let base = '';
const handlers = () => createHandlers(`${base}/api`, { firmware: { simulation: () => ({}), onUpdate: publish } });
let apiHandlers = [];

async function api(method, path, body, token) {
  const response = await getResponse(
    apiHandlers,
    new Request(`${base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const json = response.status === 204 ? null : await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', base);
  if (url.pathname === '/config.json') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ apiUrl: `${base}/api`, mqttUrl: args.mqtt }));
    return;
  }
  if (url.pathname === '/__bench/stats') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ published }));
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    try {
      const response = await getResponse(apiHandlers, new Request(url, { method: req.method, headers, body }));
      if (!response) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'not_found', message: `No handler for ${req.method} ${url.pathname}` }));
        return;
      }
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'server_error', message: String(error?.message ?? error) }));
    }
    return;
  }
  serveDistFile(res, resolve(args.dist), url.pathname);
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
base = `http://127.0.0.1:${server.address().port}`;
apiHandlers = handlers();

// The release and the rollout, made through the API as a user would: exactly DEVICES loggers of the OEM can take it
// (the others already run a newer version), one wave, no preconditions, paused until the bench resumes it.
const email = demoEmailFor('SA');
const { token } = await api('POST', '/auth/login', { email, password: DEMO_PASSWORD });
const loggers = db.tables.loggers.all().filter((d) => d.oemId === OEM && d.vehicleId !== null);
if (loggers.length < DEVICES) throw new Error(`only ${loggers.length} loggers of ${OEM} in a world of ${args.size}`);
for (const d of loggers.slice(DEVICES)) db.tables.loggers.update(d.id, { firmwareVersion: '99.0.0' });
const release = await api(
  'POST',
  '/firmware-releases',
  {
    deviceType: 'LOGGER',
    oemId: OEM,
    version: '50.0.0',
    fileName: 'logger-50.0.0.bin',
    fileSize: 1_048_576,
    sha256: 'a'.repeat(64),
    notes: 'Bench release',
    compatibleHardware: [],
  },
  token,
);
const rollout = await api(
  'POST',
  '/firmware-rollouts',
  {
    releaseId: release.id,
    target: { kind: 'filter', filter: { versionMax: '49.0.0' } },
    policy: {
      canaryPercent: 0,
      waveSize: DEVICES,
      pauseBetweenWavesSec: 0,
      failureThresholdPercent: 100,
      minFinishedCount: DEVICES,
      timeoutSec: 300,
      maxRetries: 0,
      preconditions: {},
    },
  },
  token,
);
if (rollout.deviceCount !== DEVICES) throw new Error(`the rollout has ${rollout.deviceCount} devices, not ${DEVICES}`);
await api('POST', `/firmware-rollouts/${rollout.id}/pause`, undefined, token);

// The firmware backend's loop, as in the demo: advance open rollouts once a second, publish what changed: each
// changed device's OTA progress and each changed rollout's summary (the rollout detail's topic, decision 0100).
const publishRollout = (progress) => {
  mqtt.publish(topics.rolloutProgress(progress.rolloutId), JSON.stringify(progress), { qos: 0 });
};
setInterval(() => {
  settleOpenRollouts(db, Date.now(), publish, publishRollout);
}, 1000);

console.log(
  JSON.stringify({ url: base, rolloutId: rollout.id, devices: rollout.deviceCount, email, password: DEMO_PASSWORD }),
);

const stop = async () => {
  server.close();
  mqtt.end(true);
  await vite.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
