import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, expect, test } from 'vitest';
import { loadConfig } from '../config';
import { createServiceDeps } from '../deps';
import { authenticate } from '../services/auth/authenticate';
import { login } from '../services/auth/login';
import { issueVehicleSecret } from '../services/ingestion/vehicle-secret';
import { openDatabase, prepareDatabase, startServer } from '../start';

// The server as `npm start` runs it (start.ts): its broker's telemetry reaches the database through the consumer, and
// a stop writes what is still buffered before the database closes (PGlite in its own DATA_DIR).
const dataDir = mkdtempSync(join(tmpdir(), 'voltline-ingest-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('a stop right after a publish still writes the buffered telemetry', async () => {
  const config = loadConfig({ DATA_DIR: dataDir, SEED_VEHICLES: '5', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  // The operator's step: seed, and issue the vehicle's secret while the server is stopped.
  const setup = await openDatabase(config);
  await prepareDatabase(setup, config, () => undefined);
  const deps = createServiceDeps(setup.db);
  const client = { ip: null, userAgent: null };
  const { token } = await login(deps.auth, client, { email: 'sa@voltline.demo', password: 'demo1234' });
  const { secret } = await issueVehicleSecret(deps.ingestion, await authenticate(deps.auth, token, client), {
    vehicleId: 'veh-000001',
  });
  await setup.close();

  const server = await startServer(config, false);
  const ts = Date.now();
  try {
    const vehicle = await mqtt.connectAsync(`${server.url.replace(/^http/, 'ws')}mqtt`, {
      username: 'veh-000001',
      password: secret,
      reconnectPeriod: 0,
    });
    const payload = {
      v: 1,
      vehicleUid: 'veh-000001',
      ts,
      state: 81,
      soc: 37.25,
      speed: 0,
      position: { lat: 18.5, lon: 73.9, heading: 0 },
      pack: { voltage: 50, current: -20, temperatures: [30] },
      faults: [],
    };
    await vehicle.publishAsync('voltline/v1/telemetry/12-2888-1833/veh-000001', JSON.stringify(payload), { qos: 1 });
    await vehicle.endAsync();
    expect(server.ingestion()).toMatchObject({ received: 1, written: 0 });
  } finally {
    await server.stop();
  }
  expect(server.ingestion()).toMatchObject({ received: 1, written: 1 });

  const after = await openDatabase(config);
  try {
    const row = await after.db
      .selectFrom('vehicles')
      .select(['soc', 'state_code', 'last_seen_at'])
      .where('id', '=', 'veh-000001')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ soc: 37.25, state_code: 81, last_seen_at: new Date(ts) });
    const samples = await after.db
      .selectFrom('telemetry')
      .select('values')
      .where('subject_id', '=', 'veh-000001')
      .where('at', '=', new Date(ts))
      .execute();
    expect(samples).toEqual([{ values: { speed: [0], soc: [37.25], stateCode: [81] } }]);
  } finally {
    await after.close();
  }
});
