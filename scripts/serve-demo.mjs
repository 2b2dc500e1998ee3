#!/usr/bin/env node
// Serves the built demo: the portal (with its MSW worker) and, under /messenger/, the widget's messenger, so that the
// portal's demo worker also answers the messenger frame's Widget API calls (same origin, one stateful demo world).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '../e2e/servers/static.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';

await startStaticServer({
  port,
  host,
  root: join(root, 'portal/dist-demo'),
  spa: true,
  mounts: { '/messenger': join(root, 'messenger/dist'), '/widget': join(root, 'sdk/dist/umd') },
});
console.log(`\nVoltline demo is running: http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`);
console.log('Sign in with any demo user listed on the login page. Press Ctrl+C to stop.');
