#!/usr/bin/env node
// The Fleet API server as `npm start` runs it (server/src/server.ts: the built portal, /api, the embedded broker at
// /mqtt), for the browser tests of specs/server: on the given port, on PGlite in a throw-away DATA_DIR (a new temp dir,
// removed when the server stops), seeded with a small demo world. Never a database or broker of the environment.
//   node servers/fleet-server.mjs --port 4392 [--vehicles 60]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({ options: { port: { type: 'string' }, vehicles: { type: 'string', default: '60' } } });
if (!values.port) {
  console.error('usage: fleet-server.mjs --port N [--vehicles N]');
  process.exit(2);
}
const portalDir = join(root, 'portal', 'dist');
if (!existsSync(join(portalDir, 'index.html'))) {
  console.error(`fleet-server: no portal build in ${portalDir}: run \`pnpm --filter @voltline/portal build\` first`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'voltline-e2e-server-'));
const env = { ...process.env };
// PGlite and the embedded broker, whatever the calling shell points at.
delete env.DATABASE_URL;
delete env.MQTT_URL;
delete env.ADMIN_EMAIL;
delete env.ADMIN_PASSWORD;
delete env.CORS_ORIGINS;
delete env.BEHIND_TLS;
Object.assign(env, {
  PORT: values.port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED: 'demo',
  SEED_VEHICLES: values.vehicles,
  PORTAL_DIR: portalDir,
  LOG_LEVEL: 'warn',
});
console.log(`fleet-server: port ${values.port}, DATA_DIR ${dataDir}, ${values.vehicles} vehicles`);
const child = spawn(join(root, 'server', 'node_modules', '.bin', 'tsx'), ['src/server.ts'], {
  cwd: join(root, 'server'),
  env,
  stdio: 'inherit',
});

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
