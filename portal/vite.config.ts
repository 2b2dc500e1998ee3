import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const IGNORED = ['**/node_modules/**', '**/dist/**', '**/dist-demo/**'];
/** Every test file; each project names its own (a project's `include` adds to the root's, so the root has none). */
const ALL_TESTS = ['src/**/*.test.{ts,tsx}'];
/**
 * Test files that render React pages with module-level stores and query clients: each gets its own modules. Only
 * `.test.tsx` files render; a `.test.ts` file in these folders tests a function and shares its worker (below), which
 * spares it a jsdom and the demo world's setup of its own (decision 0119) — except create-map, which mocks a module.
 */
const RENDERED = [
  'src/app/**/*.test.tsx',
  'src/features/**/*.test.tsx',
  'src/pages/**/*.test.tsx',
  'src/shared/ui/**/*.test.tsx',
];
/** Test files that keep no module state between files: they share their worker's modules and jsdom. */
const SHARED = [
  'src/*.test.ts',
  'src/config/**',
  'src/domain/**',
  'src/mocks/**',
  'src/shared/api/**',
  'src/shared/lib/**',
  'src/state/**',
  'src/test/**',
  'src/app/**/*.test.ts',
  'src/features/**/*.test.ts',
  'src/pages/**/*.test.ts',
  // `vi.mock('maplibre-gl')` must not reach the other files of a shared worker.
  'src/shared/ui/**/!(create-map).test.ts',
];

/**
 * Rendered files that `vi.mock` a module: the mock must reach the modules the file renders (which a shared worker has
 * already loaded unmocked) and no other file, so each of these gets its own modules and jsdom (decision 0133).
 */
const RENDERED_OWN_MODULES = [
  'src/app/shell/side-nav.test.tsx',
  'src/pages/devices/bms-master-management-page.test.tsx',
  'src/pages/ev-owners/ev-owner-management-page.test.tsx',
  'src/pages/feedback/feedback-report-page.test.tsx',
  'src/pages/vehicles/vehicle-management-page.test.tsx',
  'src/shared/ui/data-table/data-table.test.tsx',
  'src/shared/ui/data-table/filter-bar.test.tsx',
  'src/shared/ui/map/create-map.test.ts',
];

/** Packages made of many ES modules that every rendered file loads (decision 0129). */
const MANY_MODULE_PACKAGES = ['@mantine/core', '@mantine/hooks', '@mantine/dates', '@tabler/icons-react'];

// `vite build --mode demo` bundles the MSW worker and the demo world; any other mode talks to a real Fleet API.
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The demo adapter (src/mocks) calls the server's services: one implementation of every rule (decision 0110).
      '@services': fileURLToPath(new URL('../server/src/services', import.meta.url)),
      // The demo answers the embedded widget with the widget's own mock, read from source like the messenger does.
      '@voltline/widget/mock': fileURLToPath(new URL('../sdk/src/mock.ts', import.meta.url)),
    },
  },
  define: { __DEMO__: JSON.stringify(mode === 'demo' || mode === 'test') },
  build: {
    outDir: mode === 'demo' ? 'dist-demo' : 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // Everything the first page loads anyway (the entry's static imports) goes in one chunk instead of ~45 small
    // ones, which gzip far better together (decision 0087). Lazy routes keep the bundler's automatic splitting.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
  server: { port: 5173 },
  preview: { port: 4173 },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 15000,
    // Two projects (decision 0109): the files that render pages, features and the shell get a fresh module graph and
    // jsdom each; the rest (demo server, domain, config, state, API and live libraries) share their worker's, which
    // spares a jsdom and the demo world's modules per file. A new top-level folder goes in one list or the other.
    projects: [
      {
        extends: true,
        test: {
          name: 'portal',
          include: ALL_TESTS,
          isolate: false,
          exclude: [...IGNORED, ...RENDERED, 'src/shared/ui/map/create-map.test.ts'],
        },
      },
      // The rendered files share a worker's modules and jsdom (decision 0133): each file paid about 2 s of CPU to load
      // jsdom, MSW, the demo world and the app's packages again. What a file could leave behind is reset for every file
      // and test in src/test/setup.ts (the DOM, storage, the API client's token getter); test files keep no module
      // state. Run both with `--project 'portal (rendered*'`.
      {
        extends: true,
        test: {
          name: 'portal (rendered)',
          include: ALL_TESTS,
          exclude: [...IGNORED, ...SHARED, ...RENDERED_OWN_MODULES],
          isolate: false,
          // A worker that loads its packages once still loads Mantine and the icons: hundreds and thousands of ES
          // modules, which Node resolves and links one by one. Pre-bundled, each is one file (decision 0129).
          deps: { optimizer: { client: { enabled: true, include: MANY_MODULE_PACKAGES } } },
        },
      },
      {
        extends: true,
        test: {
          name: 'portal (rendered, own modules)',
          include: RENDERED_OWN_MODULES,
          // After the shared files: a worker is reused only while the next file in the queue can share it.
          sequence: { groupOrder: 1 },
          deps: { optimizer: { client: { enabled: true, include: MANY_MODULE_PACKAGES } } },
        },
      },
    ],
  },
}));
