import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';

/** One ESM bundle of the server (portal domain code included); migrations and the contract copied beside it. */
export default defineConfig({
  entry: { server: 'src/server.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  // Packages stay in node_modules; only our code and the portal's domain and world code are bundled.
  skipNodeModulesBundle: true,
  sourcemap: true,
  async onSuccess() {
    cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
    cpSync('../portal/api/openapi.yaml', 'dist/openapi.yaml');
  },
});
