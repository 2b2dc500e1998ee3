// The UMD build (decision 0099): `dist/umd/index.umd.js` (window.Gleap, CommonJS and AMD) holds the core only, and the
// lazy chunks are ES modules beside it in `dist/umd/`, loaded from the script's own URL (src/umd/chunk-loader.ts).
// Two Vite builds, because a UMD file cannot be code-split:
//   1. the chunks: every lazy module the core reaches with import(), as ES module entries (code-split among themselves).
//      Their imports of the core are checked: the stateful core (the redaction policy) comes by hand-over only
//      (src/umd/redaction.ts), pure helpers are copied, anything else fails the build.
//   2. the core: each import() of a lazy folder becomes `loadChunk('<file of build 1>')`; a lazy module that would be
//      inlined fails the build.
// No source maps (decision 0084): the ESM and CJS builds carry maps of the same sources.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const sdk = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(sdk, 'src');
const outDir = join(sdk, 'dist', 'umd');
const LAZY_FOLDERS = ['capture', 'engage', 'tours', 'lang'];
/** Core modules the chunks may carry a copy of: pure code and constants, no state. */
const PURE_CORE = ['core/timing.ts', 'core/report-types.ts', 'protocol/messages.ts'];
/** Core modules whose state the chunks get handed over instead: the module -> its stand-in in the chunks. */
const HANDED_OVER = { 'core/redaction.ts': 'umd/redaction.ts' };
const DYNAMIC_IMPORT = /\bimport\(\s*(['"])(\.[^'"]+)\1\s*\)/g;

const rel = (file) => relative(src, file).split('\\').join('/');
const isLazy = (file) => file.startsWith(src) && LAZY_FOLDERS.includes(rel(file).split('/')[0]);
const withTs = (file) => (/\.tsx?$/.test(file) ? file : `${file}.ts`);
const stripQuery = (id) => id.replace(/[?#].*$/, '');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return isLazy(path) || e.name === 'mock' || e.name === 'test' ? [] : sourceFiles(path);
    return /\.ts$/.test(e.name) && !/\.test(-d)?\.ts$/.test(e.name) ? [path] : [];
  });
}

/** The lazy modules the core loads with import(): the chunks' entries, by name. */
function lazyEntries() {
  const entries = {};
  for (const file of sourceFiles(src)) {
    for (const m of readFileSync(file, 'utf8').matchAll(DYNAMIC_IMPORT)) {
      const target = withTs(resolve(dirname(file), m[2]));
      if (isLazy(target)) entries[target.split('/').pop().replace(/\.ts$/, '')] = target;
    }
  }
  return entries;
}

/** Build 1: the chunks. Returns lazy module path -> its entry file name. */
async function buildChunks(entries) {
  const files = {};
  const entryFiles = new Set(Object.values(entries));
  const handOver = JSON.stringify(join(src, 'umd', 'handed-over.ts'));
  const handedOverStandIns = Object.fromEntries(
    Object.entries(HANDED_OVER).map(([core, standIn]) => [join(src, core), join(src, standIn)]),
  );
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      minify: true,
      lib: {
        entry: entries,
        formats: ['es'],
        fileName: (_format, name) => `${name}-[hash].js`,
      },
      // lib mode leaves whitespace in ES output (for the pure annotations of libraries that others bundle again);
      // these files are served as they are, so they are minified in full
      rollupOptions: { output: { chunkFileNames: '[name]-[hash].js', minify: true } },
    },
    plugins: [
      {
        name: 'voltline-umd-chunks',
        enforce: 'pre',
        async resolveId(source, importer) {
          if (!importer || !source.startsWith('.')) return null;
          const from = stripQuery(importer);
          if (!isLazy(from)) return null;
          const resolved = await this.resolve(source, importer, { skipSelf: true });
          const target = resolved ? stripQuery(resolved.id) : '';
          if (!target.startsWith(`${src}/`) || isLazy(target)) return null;
          if (handedOverStandIns[target]) return handedOverStandIns[target];
          if (PURE_CORE.includes(rel(target))) return null;
          this.error(
            `${rel(from)} imports ${rel(target)}: a UMD chunk would hold a second copy of it. Hand it over ` +
              '(src/umd/handed-over.ts) or, if it is pure code without state, add it to PURE_CORE.',
          );
        },
        // each entry also exports the hand-over's receiver, which the core's loader calls before using the module
        transform(code, id) {
          if (!entryFiles.has(stripQuery(id))) return null;
          return { code: `${code}\nexport { receiveCore as voltlineCore } from ${handOver};\n`, map: null };
        },
        generateBundle(_options, bundle) {
          for (const chunk of Object.values(bundle)) {
            if (chunk.type === 'chunk' && chunk.isEntry) files[chunk.facadeModuleId] = chunk.fileName;
          }
        },
      },
    ],
  });
  return files;
}

/** Build 2: the UMD core, whose import() of a lazy module loads that chunk's file from beside the script. */
async function buildCore(files) {
  const loader = JSON.stringify(join(src, 'umd', 'chunk-loader.ts'));
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: false,
      sourcemap: false,
      lib: { entry: join(src, 'umd.ts'), name: 'Gleap', formats: ['umd'], fileName: () => 'index.umd.js' },
      rollupOptions: { output: { exports: 'default' } },
    },
    plugins: [
      {
        name: 'voltline-umd-core',
        enforce: 'pre',
        load(id) {
          if (isLazy(stripQuery(id))) {
            this.error(
              `${rel(stripQuery(id))} would be inlined into index.umd.js: the core reaches it only with import()`,
            );
          }
          return null;
        },
        transform(code, id) {
          const file = stripQuery(id);
          if (!file.startsWith(src) || isLazy(file)) return null;
          let found = false;
          const out = code.replace(DYNAMIC_IMPORT, (all, _q, specifier) => {
            const target = withTs(resolve(dirname(file), specifier));
            if (!isLazy(target)) return all;
            if (!files[target]) this.error(`${rel(file)}: no UMD chunk was built for ${specifier}`);
            found = true;
            return `__voltlineChunk(${JSON.stringify(files[target])})`;
          });
          return found ? { code: `import { loadChunk as __voltlineChunk } from ${loader};\n${out}`, map: null } : null;
        },
      },
    ],
  });
}

await buildCore(await buildChunks(lazyEntries()));
