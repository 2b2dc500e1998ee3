import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// `vite build --mode demo` bundles the MSW worker and the demo world; any other mode talks to a real Fleet API.
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
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
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 15000,
  },
}));
