import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const sdk = (p: string) => fileURLToPath(new URL(`../sdk/src/${p}`, import.meta.url));

// The messenger reads the widget's message map from source, so a change to the protocol rebuilds both sides.
export default defineConfig({
  plugins: [react()],
  base: './',
  resolve: {
    alias: {
      '@voltline/widget/protocol': sdk('protocol.ts'),
      '@voltline/widget/mock': sdk('mock.ts'),
    },
  },
  server: { port: 5174 },
  preview: { port: 4280 },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Generous because CI machines and parallel worktrees share cores; a real hang still fails.
    testTimeout: 20_000,
    // No test keeps module state between files: they share their worker's modules and jsdom (decision 0109).
    isolate: false,
  },
});
