import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, expect, inject, test } from 'vitest';
import { ENGINE } from './helpers';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'voltline-durability-'));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `src/server.ts` in its own process and resolves once it prints that it is running. */
function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Voltline is running')) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before running:\n${output}`)),
    );
  });
}

async function databaseUrlForThisTest(): Promise<Record<string, string>> {
  if (ENGINE === 'pglite') return {};
  const serverUrl = inject('postgresUrl');
  const name = `durability_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return { DATABASE_URL: serverUrl.replace(/\/postgres$/, `/${name}`) };
}

test('an acknowledged write survives kill -9 of the server and a restart on the same data', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_VEHICLES: '20',
    ...(await databaseUrlForThisTest()),
  };

  const first = await startServer(env);
  const login = async () => {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'sa@voltline.demo', password: 'demo1234' }),
    });
    return ((await response.json()) as { token: string }).token;
  };
  const token = await login();
  const created = await fetch(`${base}/api/vehicles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      vin: 'DURABLE0000000001',
      registrationNumber: 'KA01DU0001',
      modelId: 'mdl-ev-001',
      connectivity: 'GSM',
    }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // A widget report (decision 0115), acknowledged before the kill: a retry after the restart finds it, stores nothing.
  const report = JSON.stringify({ type: 'BUG', clientId: 'durable-report-1', formData: { description: 'kept' } });
  const sendReport = () =>
    fetch(`${base}/widget-api/bugs/v2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-token': 'demo-widget-key' },
      body: report,
    });
  const sent = await sendReport();
  expect(sent.status).toBe(201);
  const reportId = ((await sent.json()) as { id: string }).id;

  const exited = new Promise((resolve) => first.once('exit', resolve));
  first.kill('SIGKILL');
  await exited;

  const second = await startServer(env);
  // The session written before the kill is durable too: the same token still signs the request.
  const read = await fetch(`${base}/api/vehicles/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(read.status).toBe(200);
  expect(await read.json()).toMatchObject({ id, vin: 'DURABLE0000000001' });
  const retried = await sendReport();
  expect(retried.status).toBe(201);
  expect(((await retried.json()) as { id: string }).id).toBe(reportId);

  const stopped = new Promise((resolve) => second.once('exit', resolve));
  second.kill('SIGTERM');
  expect(await stopped).toBe(0);
}, 240_000);
