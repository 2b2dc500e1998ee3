import { defineConfig } from 'vite';

// tsup has no UMD format: this one file is built with Vite library mode (window.Gleap, CommonJS and AMD).
export default defineConfig({
  build: {
    outDir: 'dist/umd',
    emptyOutDir: true,
    sourcemap: true,
    lib: { entry: 'src/umd.ts', name: 'Gleap', formats: ['umd'], fileName: () => 'index.umd.js' },
    rollupOptions: { output: { exports: 'default', inlineDynamicImports: true } },
  },
});
