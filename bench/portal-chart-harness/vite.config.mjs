// Vite config of the chart benchmark's harness page, built with the portal's Vite (e2e/servers/portal-harness.mjs).
// No imports from 'vite': this file lives outside the portal package, where 'vite' does not resolve.
import { fileURLToPath } from 'node:url';

const portal = fileURLToPath(new URL('../../portal/', import.meta.url));

export default {
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    // The harness imports portal modules and packages; they live in the portal's node_modules.
    alias: [
      { find: /^@\//, replacement: `${portal}src/` },
      { find: /^(react|react-dom|@mantine\/core)(\/.*)?$/, replacement: `${portal}node_modules/$1$2` },
    ],
  },
  oxc: { jsx: { runtime: 'automatic' } },
  logLevel: 'error',
  build: {
    outDir: process.env.HARNESS_OUT ?? fileURLToPath(new URL('../../e2e/.artifacts/chart-harness', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
  },
};
