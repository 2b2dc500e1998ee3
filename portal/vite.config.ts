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
 * Rendered files that `vi.mock` a module: each gets its own modules and jsdom. In a shared worker the modules they
 * render were already loaded, unmocked, by an earlier file, and the mock would stay for the files after it. Every
 * other rendered file (pages, shell, live parts, components) shares its worker's modules and jsdom (decisions 0133,
 * 0138); what a file could leave behind is reset in src/test/setup.ts and src/test/render.tsx.
 */
const RENDERED_ISOLATED = [
  'src/app/shell/side-nav.test.tsx',
  'src/pages/devices/bms-master-management-page.test.tsx',
  'src/pages/ev-owners/ev-owner-management-page.test.tsx',
  'src/pages/feedback/feedback-report-page.test.tsx',
  'src/pages/vehicles/vehicle-management-page.test.tsx',
  'src/shared/ui/data-table/data-table.test.tsx',
  'src/shared/ui/data-table/filter-bar.test.tsx',
  // Not rendered, but `vi.mock('maplibre-gl')` must not reach the other files of a shared worker.
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
    // Three projects (decisions 0109, 0133, 0138): the files that render pages, features and the shell share their
    // worker's module graph and jsdom, except those of RENDERED_ISOLATED (a fresh one each); the rest (demo server,
    // domain, config, state, API and live libraries) share theirs without a jsdom of their own per file. A new
    // top-level folder goes in one list or the other.
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
      // Run both rendered projects with `--project 'portal (rendered*'` (decision 0133).
      {
        extends: true,
        test: {
          name: 'portal (rendered)',
          include: RENDERED_ISOLATED,
          // Every rendered file is a fresh process that loads its packages again: Mantine and the icons are hundreds
          // and thousands of ES modules, which Node resolves and links one by one. Pre-bundled, each is one file.
          deps: { optimizer: { client: { enabled: true, include: MANY_MODULE_PACKAGES } } },
        },
      },
      {
        extends: true,
        test: {
          name: 'portal (rendered shared)',
          include: RENDERED,
          exclude: [...IGNORED, ...SHARED, ...RENDERED_ISOLATED],
          // Each of these files paid about 2 s of CPU to load jsdom, MSW, the demo world and the packages again (and
          // the page files about 1 s more for the lazy pages). What a file could leave behind is reset in
          // src/test/setup.ts and src/test/render.tsx.
          isolate: false,
          // After the isolated files: Vitest hands a shared worker the next file only while the next file in its
          // queue can share it, so the two projects in one queue would end shared workers early.
          sequence: { groupOrder: 1 },
          deps: { optimizer: { client: { enabled: true, include: MANY_MODULE_PACKAGES } } },
        },
      },
    ],
  },
}));
