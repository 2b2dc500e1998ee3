// Vite config of the live harness, built with the portal's Vite (see build-harness.mjs). No imports from 'vite':
// this file lives outside the portal package, where 'vite' does not resolve.
import { fileURLToPath } from 'node:url';

const portal = fileURLToPath(new URL('../../../../portal/', import.meta.url));

export default {
  root: fileURLToPath(new URL('.', import.meta.url)),
  // mockServiceWorker.js, for demo mode.
  publicDir: `${portal}public`,
  resolve: {
    // The harness imports portal modules; their packages live in the portal's node_modules.
    alias: [{ find: /^msw\/browser$/, replacement: `${portal}node_modules/msw/lib/browser/index.mjs` }],
  },
  logLevel: 'warn',
  build: {
    outDir: process.env.HARNESS_OUT ?? fileURLToPath(new URL('../../../.artifacts/live-harness', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
};
