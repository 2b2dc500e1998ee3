import { defineConfig } from 'vite';

// tsup has no UMD format: this one file is built with Vite library mode (window.Gleap, CommonJS and AMD).
// No source map for it (decision 0084): the ESM and CJS builds carry maps of the same sources, and a second copy
// (0.76 MB) put the tarball over its size budget.
export default defineConfig({
  build: {
    outDir: 'dist/umd',
    emptyOutDir: true,
    sourcemap: false,
    lib: { entry: 'src/umd.ts', name: 'Gleap', formats: ['umd'], fileName: () => 'index.umd.js' },
    rollupOptions: { output: { exports: 'default', inlineDynamicImports: true } },
  },
});
