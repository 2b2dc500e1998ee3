import { expect, test } from 'vitest';
import { loadConfig } from '../config';
import { openPglite } from '../db/database';
import { createServiceDeps } from '../deps';
import { prepareDatabase } from '../start';
import { createApp } from './app';

test('closing lets a request in flight finish, then refuses new connections', async () => {
  const config = loadConfig({ SEED: 'none', ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'long enough' });
  const database = await openPglite(undefined);
  await prepareDatabase(database, config, () => undefined);
  const app = await createApp({ config, database, deps: createServiceDeps(database.db), broker: { isUp: () => true } });
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // A request that is still running when the close begins.
  app.get('/test/held', async () => {
    await held;
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const inFlight = fetch(`${base}/test/held`);
  await expect.poll(() => app.server.listening).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const closing = app.close();
  setTimeout(release, 300);
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ done: true });
  await closing;
  await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  await database.close();
});
