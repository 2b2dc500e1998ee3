import { type Options, defineConfig } from 'tsup';

const shared: Options = {
  splitting: true,
  sourcemap: true,
  minify: true,
  target: 'es2020',
  treeshake: true,
  external: ['msw', 'msw/browser', 'msw/node'],
  // Bundled (into the lazy replay chunk), not imported, and so not a dependency: the workspace patches @rrweb/record to
  // walk full snapshots in slices (patches/, decision 0040), and an integrator's own install of it would be the unpatched one.
  noExternal: ['@rrweb/record'],
};

// Builds into one folder, each cleaning only its own files. ESM is code-split so that capture/ and tours/ arrive
// only through import(). CJS starts from src/index.cjs.ts, whose only export is the default one, so that rollup
// (`treeshake`, exports "auto") writes `module.exports = Gleap` (decision 0060; not tsup's `cjsInterop`, which appends
// `module.exports = exports.default` after that and so exports undefined). Its .d.cts files are written from the ESM
// declarations by scripts/cjs-types.mjs; sdk/package-test checks all of it on the packed tarball.
export default defineConfig([
  {
    ...shared,
    entry: { index: 'src/index.ts', mock: 'src/mock.ts' },
    format: ['esm'],
    // all three entries' declarations (this build's clean removes the others' .d.ts)
    dts: { entry: { index: 'src/index.ts', protocol: 'src/protocol.ts', mock: 'src/mock.ts' } },
    clean: ['!**/*.cjs', '!**/*.cjs.map', '!**/*.d.cts', '!protocol.js', '!protocol.js.map'],
  },
  {
    ...shared,
    // On its own: built with `index`, esbuild would put protocol/messages.ts in a chunk both entries import, a file
    // the core loads beside index.js (notes 0111). The protocol is pure code, so a copy of its own costs nothing.
    entry: { protocol: 'src/protocol.ts' },
    format: ['esm'],
    clean: false,
  },
  {
    ...shared,
    entry: { index: 'src/index.cjs.ts', protocol: 'src/protocol.ts', mock: 'src/mock.ts' },
    format: ['cjs'],
    clean: ['!**/*.js', '!**/*.js.map', '!**/*.d.ts'],
  },
]);
