// Builds a harness page (a Vite config beside it) with the portal's Vite, so a spec can drive one portal module alone in
// Chromium, and serves it on a free loopback port.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './static.mjs';

const portal = fileURLToPath(new URL('../../portal/', import.meta.url));

/** @param {{ config: string, outDir: string, name: string }} options */
export function buildPortalHarness({ config, outDir, name }) {
  const result = spawnSync(process.execPath, [`${portal}node_modules/vite/bin/vite.js`, 'build', '--config', config], {
    cwd: portal,
    env: { ...process.env, HARNESS_OUT: outDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${name} harness build failed:\n${result.stdout}\n${result.stderr}`);
  return outDir;
}

/** @param {{ config: string, outDir: string, name: string }} options */
export async function startPortalHarness(options) {
  buildPortalHarness(options);
  const server = await startStaticServer({ port: 0, root: options.outDir });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
