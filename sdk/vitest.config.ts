import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
    // The files share their worker's jsdom and module runner (creating a jsdom and loading the widget for each of 74
    // files was three quarters of the suite's CPU); `fresh-file.ts` puts back, before each file, what a fresh worker
    // would have: fresh modules, the globals and the document as the first file found them (decision 0119, Session 25).
    isolate: false,
    setupFiles: ['./src/test/fresh-file.ts', './src/test/setup.ts'],
    // No `typecheck` here: the type tests (`src/*.test-d.ts`) are in `tsconfig.json`, so the package's `typecheck`
    // script (`tsc --noEmit -p .`, CI's typecheck step) fails on a broken one; Vitest's typecheck ran that same tsc over
    // the whole package a second time (8.4 CPU-seconds from a clean clone).
  },
});
