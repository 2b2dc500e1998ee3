// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

// vitest runs from the package folder
const SRC = resolve(process.cwd(), 'src');
const LAZY_FOLDERS = ['capture', 'tours', 'engage', 'lang'];

/** Value imports and re-exports (`import type` is erased, so it loads nothing). */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s*)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function coreFiles(dir = join(SRC, 'core')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return coreFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The lazy folder an import of `file` lands in, or null. */
function lazyFolderOf(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const [top] = relative(SRC, resolve(dirname(file), specifier)).split(/[\\/]/);
  return top && LAZY_FOLDERS.includes(top) ? top : null;
}

/** `file -> import` for every static value import from the core into a lazy folder. */
function staticLazyImports(sources: Record<string, string>): string[] {
  return Object.entries(sources).flatMap(([file, source]) =>
    [...source.matchAll(STATIC_IMPORT)]
      .map((m) => m[1]!)
      .filter((specifier) => lazyFolderOf(file, specifier) !== null)
      .map((specifier) => `${relative(SRC, file)} -> ${specifier}`),
  );
}

const sources = Object.fromEntries(coreFiles().map((file) => [file, readFileSync(file, 'utf8')]));

test('the core never imports capture/, tours/ or engage/ statically, so they stay lazy chunks', () => {
  expect(
    staticLazyImports(sources),
    'reach capture/ and tours/ only with import(), through core/capture-port.ts',
  ).toEqual([]);
});

test('the core reaches the capture chunks with import()', () => {
  const dynamic = Object.entries(sources).flatMap(([file, source]) =>
    [...source.matchAll(DYNAMIC_IMPORT)].map((m) => lazyFolderOf(file, m[1]!)),
  );
  expect(dynamic).toContain('capture');
  expect(dynamic).toContain('engage');
  expect(dynamic).toContain('tours');
  expect(dynamic).toContain('lang');
});

test('the check sees static imports and re-exports of a lazy folder, and lets types and import() through', () => {
  const file = join(SRC, 'core/planted.ts');
  const planted = staticLazyImports({
    [file]: [
      "import { openCaptureEditor } from '../capture/editor';",
      "export { startTour } from '../tours/tour';",
      "import '../capture/replay';",
      "import type { Snapshot } from '../capture/types';",
      "const load = () => import('../capture/snapshot');",
      "import { redact } from './redaction';",
    ].join('\n'),
  });
  expect(planted).toEqual([
    'core/planted.ts -> ../capture/editor',
    'core/planted.ts -> ../tours/tour',
    'core/planted.ts -> ../capture/replay',
  ]);
});

/** The files `entry` loads with static value imports (import() and `import type` left out), relative to src/. */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const key = relative(SRC, file);
    if (seen.has(key)) return;
    seen.add(key);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(STATIC_IMPORT)) {
      if (!m[1]!.startsWith('.')) continue;
      const target = resolve(dirname(file), m[1]!);
      visit(/\.tsx?$/.test(target) ? target : `${target}.ts`);
    }
  };
  visit(join(SRC, entry));
  return seen;
}

test('the report pipeline shares no module with the core: the core is handed over', () => {
  const core = staticGraph('index.ts');
  const pipeline = staticGraph('core/report-pipeline.ts');
  expect(pipeline.has('core/report.ts'), 'the walk reaches the pipeline').toBe(true);
  expect(core.has('core/report.ts'), 'the core loads the pipeline with import() only').toBe(false);
  // each module both import would become a chunk the core loads beside index.js (notes 0111); what the pipeline uses
  // of the core comes through `pipeline-core.ts`, handed over by `report-port.ts`
  expect([...pipeline].filter((f) => core.has(f)).sort()).toEqual([]);
});

test('the capture chunks share no module with the core: what they use of it is handed over', () => {
  const core = staticGraph('index.ts');
  const entries = ['snapshot', 'replay', 'editor', 'describe-capture'].map((name) => staticGraph(`capture/${name}.ts`));
  expect(entries[1]!.has('capture/replay-privacy.ts'), 'the walk reaches the chunks').toBe(true);
  expect([...new Set(entries.flatMap((files) => [...files].filter((f) => core.has(f))))].sort()).toEqual([]);
});
