// Vite config of the maps harness, built with the portal's Vite (see build-harness.mjs). No imports from 'vite':
// this file lives outside the portal package, where 'vite' does not resolve.
import { fileURLToPath } from 'node:url';

const portal = fileURLToPath(new URL('../../../../portal/', import.meta.url));

export default {
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The bundled offline style and basemap (public/map/).
  publicDir: `${portal}public`,
  resolve: {
    // The harness imports portal modules and packages; they live in the portal's node_modules.
    alias: [
      { find: /^@\//, replacement: `${portal}src/` },
      {
        find: /^(react|react-dom|@mantine\/core|@tanstack\/react-query|maplibre-gl)(\/.*)?$/,
        replacement: `${portal}node_modules/$1$2`,
      },
    ],
  },
  // Portal modules read the build mode (config/env.ts); the harness is a demo-like build.
  define: { __DEMO__: 'true' },
  oxc: { jsx: { runtime: 'automatic' } },
  // Mantine's 'use client' directives warn by the hundred; only errors matter here.
  logLevel: 'error',
  build: {
    outDir: process.env.HARNESS_OUT ?? fileURLToPath(new URL('../../../.artifacts/maps-harness', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 4000,
  },
};
