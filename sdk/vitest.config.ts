import { defineConfig } from 'vitest/config';

/**
 * Test files that depend on a module state of their own (the widget's singletons, the frame's stylesheet, a fresh
 * translation table): each gets its own modules and jsdom. Found by running every file in one shared worker
 * (decision 0119); a new file that fails only when run after others goes here.
 */
const ISOLATED = [
  'src/index.test.ts',
  'src/core/widget-capture-preview.test.ts',
  'src/core/widget-frame-styles.test.ts',
  'src/engage/notifications.test.ts',
  'src/engage/offline-form.test.ts',
];

export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // `include` is set per project, because a project's list adds to the root's instead of replacing it.
    // Two projects (decision 0119): creating a jsdom and loading the widget's modules for each of 74 files cost about
    // three quarters of the suite's CPU. The files that keep no module state share their worker's; the others do not.
    projects: [
      {
        extends: true,
        test: {
          name: 'widget',
          isolate: false,
          include: ['src/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...ISOLATED],
          typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      { extends: true, test: { name: 'widget (isolated)', include: ISOLATED } },
    ],
  },
});
