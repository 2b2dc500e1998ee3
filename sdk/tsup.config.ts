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

// Two builds into one folder, each cleaning only its own files. ESM is code-split so that capture/ and tours/ arrive
// only through import(). CJS starts from src/index.cjs.ts, whose only export is the default one, so that rollup
// (`treeshake`, exports "auto") writes `module.exports = Gleap` (decision 0060; not tsup's `cjsInterop`, which appends
// `module.exports = exports.default` after that and so exports undefined). Its .d.cts files are written from the ESM
// declarations by scripts/cjs-types.mjs; sdk/package-test checks all of it on the packed tarball.
export default defineConfig([
  {
    ...shared,
    entry: { index: 'src/index.ts', protocol: 'src/protocol.ts', mock: 'src/mock.ts' },
    format: ['esm'],
    dts: true,
    clean: ['!**/*.cjs', '!**/*.cjs.map', '!**/*.d.cts'],
  },
  {
    ...shared,
    entry: { index: 'src/index.cjs.ts', protocol: 'src/protocol.ts', mock: 'src/mock.ts' },
    format: ['cjs'],
    clean: ['!**/*.js', '!**/*.js.map', '!**/*.d.ts'],
  },
]);
