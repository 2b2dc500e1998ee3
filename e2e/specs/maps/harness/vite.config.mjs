// Vite config of the maps harness, built with the portal's Vite (see build-harness.mjs). No imports from 'vite':
// this file lives outside the portal package, where 'vite' does not resolve.
import { fileURLToPath } from 'node:url';

const portal = fileURLToPath(new URL('../../../../portal/', import.meta.url));

export default {
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The bundled offline style and basemap (public/map/).
  publicDir: `${portal}public`,
  resolve: { alias: [{ find: /^@\//, replacement: `${portal}src/` }] },
  oxc: { jsx: { runtime: 'automatic' } },
  logLevel: 'warn',
  build: {
    outDir: process.env.MAPS_HARNESS_OUT ?? fileURLToPath(new URL('../../../.artifacts/maps-harness', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 4000,
  },
};
