// Builds the maps harness page with the portal's Vite and returns its output folder.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const portal = fileURLToPath(new URL('../../../../portal/', import.meta.url));
const config = fileURLToPath(new URL('./vite.config.mjs', import.meta.url));

/** @param {{ outDir: string }} options */
export function buildHarness({ outDir }) {
  const result = spawnSync(process.execPath, [`${portal}node_modules/vite/bin/vite.js`, 'build', '--config', config], {
    cwd: portal,
    env: { ...process.env, MAPS_HARNESS_OUT: outDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`maps harness build failed:\n${result.stdout}\n${result.stderr}`);
  return outDir;
}

/**
 * Builds the harness and serves it on a free loopback port.
 * @param {{ outDir: string }} options
 */
export async function startHarness({ outDir }) {
  buildHarness({ outDir });
  const { startStaticServer } = await import('../../../servers/static.mjs');
  const server = await startStaticServer({ port: 0, root: outDir });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
