// Builds the live harness page with the portal's Vite (e2e/servers/portal-harness.mjs) and serves it.
import { fileURLToPath } from 'node:url';
import { buildPortalHarness, startPortalHarness } from '../../../servers/portal-harness.mjs';

const config = fileURLToPath(new URL('./vite.config.mjs', import.meta.url));

/** @param {{ outDir: string }} options */
export const buildHarness = ({ outDir }) => buildPortalHarness({ config, outDir, name: 'live' });

/** Serves the harness, built once per Playwright run (see startPortalHarness). */
export const startHarness = () => startPortalHarness({ config, name: 'live' });
