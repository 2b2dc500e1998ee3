// Builds the maps harness page with the portal's Vite (e2e/servers/portal-harness.mjs) and serves it.
import { fileURLToPath } from 'node:url';
import { buildPortalHarness, startPortalHarness } from '../../../servers/portal-harness.mjs';

const config = fileURLToPath(new URL('./vite.config.mjs', import.meta.url));

/** @param {{ outDir: string }} options */
export const buildHarness = ({ outDir }) => buildPortalHarness({ config, outDir, name: 'maps' });

/** @param {{ outDir: string }} options */
export const startHarness = ({ outDir }) => startPortalHarness({ config, outDir, name: 'maps' });
