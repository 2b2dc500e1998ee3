// Builds a harness page (a Vite config beside it) with the portal's Vite, so a spec can drive one portal module alone in
// Chromium, and serves it on a free loopback port.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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

/**
 * Within one Playwright run (`E2E_RUN_ID`, set by the config), a harness is built once for every spec and worker that
 * serves it: the first caller builds into a folder named by the run and the config, the others wait for its marker.
 * Outside a run (the benches) each caller builds into its own `outDir`.
 * @param {{ config: string, outDir?: string, name: string }} options
 */
async function builtOnce(options) {
  const run = process.env.E2E_RUN_ID;
  if (!run)
    return buildPortalHarness({
      ...options,
      outDir: options.outDir ?? join(tmpdir(), `voltline-${options.name}-harness`),
    });
  const key = options.config.replace(/[^a-z0-9]+/gi, '-').slice(-60);
  const outDir = join(tmpdir(), `voltline-harness-${run}-${key}`);
  const done = `${outDir}.built`;
  const failed = `${outDir}.failed`;
  try {
    mkdirSync(`${outDir}.lock`);
  } catch {
    // Another worker builds it: wait for its marker (a build takes seconds; a loaded machine, a minute).
    for (let waited = 0; !existsSync(done); waited += 200) {
      if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
      if (waited > 180_000) throw new Error(`${options.name} harness: no build after 180 s`);
      await sleep(200);
    }
    return outDir;
  }
  try {
    buildPortalHarness({ ...options, outDir });
    writeFileSync(done, '');
  } catch (error) {
    writeFileSync(failed, String(error));
    throw error;
  }
  return outDir;
}

/** @param {{ config: string, outDir?: string, name: string }} options */
export async function startPortalHarness(options) {
  const root = await builtOnce(options);
  const server = await startStaticServer({ port: 0, root });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
