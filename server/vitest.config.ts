import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const portalSrc = fileURLToPath(new URL('../portal/src', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@': portalSrc } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // PGlite starts in a few seconds on a busy machine; the suite shares the two cores with others.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
