import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
    // Each file in its own worker again (decision 0119, Session 25, "Reverted"): sharing one (`isolate: false`, with
    // `fresh-file.ts` putting back what a fresh worker has) saved about 65 CPU-seconds, but a clean-clone run failed
    // probe-3: an earlier file's pending work opened its IndexedDB database after the reset. `fresh-file.ts` stays (it
    // is a no-op for a worker's first file) for the next try, which must settle that work before the reset.
    isolate: true,
    setupFiles: ['./src/test/fresh-file.ts', './src/test/setup.ts'],
    // No `typecheck` here: the type tests (`src/*.test-d.ts`) are in `tsconfig.json`, so the package's `typecheck`
    // script (`tsc --noEmit -p .`, CI's typecheck step) fails on a broken one; Vitest's typecheck ran that same tsc over
    // the whole package a second time (8.4 CPU-seconds from a clean clone).
  },
});
