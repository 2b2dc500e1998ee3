import { defineConfig } from 'tsup';

// ESM is code-split so that capture/ and tours/ arrive only through import(); CJS bundles everything.
export default defineConfig({
  entry: { index: 'src/index.ts', protocol: 'src/protocol.ts', mock: 'src/mock.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  splitting: true,
  sourcemap: true,
  clean: true,
  minify: true,
  target: 'es2019',
  treeshake: true,
  external: ['msw', 'msw/browser', 'msw/node'],
  // Bundled (into the lazy replay chunk), not imported: the workspace patches @rrweb/record to walk full snapshots in
  // slices (patches/, decision 0040), and an integrator's own install of it would be the unpatched one.
  noExternal: ['@rrweb/record'],
});
