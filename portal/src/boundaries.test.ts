// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

/*
 * The layers of `src/`, lowest first: domain, config, state, shared, features, pages, app (plus mocks and test).
 * Code imports down, never up, and a feature never imports another feature: pages compose features.
 * This test reads every source file (tests included) and lists each import that breaks a rule.
 */

const SRC = resolve(process.cwd(), 'src');

/** For each layer (or a feature, written `features/*`), the layers its files must not import, and why. */
const FORBIDDEN: Record<string, { layers: readonly string[]; why: string }> = {
  domain: {
    layers: ['state', 'shared', 'features', 'pages', 'app', 'mocks'],
    why: 'domain is the bottom layer: it imports nothing above it',
  },
  shared: { layers: ['features', 'pages', 'app'], why: 'shared code never reaches up into features, pages or app' },
  features: { layers: ['pages', 'app'], why: 'a feature never imports a page or the app; pages compose features' },
  mocks: { layers: ['features', 'pages', 'app'], why: 'the demo server never imports portal features or pages' },
};

const IMPORT_PATTERNS = [
  /\bfrom\s*['"]([^'"]+)['"]/g, // import … from '…', export … from '…'
  /\bimport\s*['"]([^'"]+)['"]/g, // import '…'
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g, // import('…')
  /\bvi\.mock\(\s*['"]([^'"]+)['"]/g, // vi.mock('…')
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The specifiers a file imports, statically or with `import()`. */
function importsOf(source: string): string[] {
  return IMPORT_PATTERNS.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[1]!));
}

/** `src`-relative path segments of an import, or null when it leaves `src` (a package, or e2e helpers). */
function targetOf(file: string, specifier: string): string[] | null {
  let absolute: string;
  if (specifier.startsWith('@/')) absolute = join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) absolute = resolve(dirname(file), specifier);
  else return null;
  const path = relative(SRC, absolute);
  return path.startsWith('..') ? null : path.split(/[\\/]/);
}

/** Every import in these files (absolute path -> source) that breaks a rule, as `file -> import: reason`. */
function violationsIn(sources: Record<string, string>): string[] {
  const violations: string[] = [];
  for (const [file, source] of Object.entries(sources)) {
    const from = relative(SRC, file).split(/[\\/]/);
    const [layer, feature] = from;
    if (!layer || from.length < 2) continue;
    for (const specifier of importsOf(source)) {
      const to = targetOf(file, specifier);
      if (!to || to.length < 2) continue;
      const [toLayer, toFeature] = to;
      const rule = FORBIDDEN[layer];
      const where = `src/${from.join('/')} -> ${specifier}`;
      if (layer === 'features' && toLayer === 'features' && toFeature !== feature && from.length > 2) {
        violations.push(
          `${where}: a feature never imports another feature (${feature} -> ${toFeature}); move the shared part down to shared/ or domain/, or compose both in a page`,
        );
      } else if (rule && toLayer && rule.layers.includes(toLayer)) {
        violations.push(`${where}: ${rule.why}`);
      }
    }
  }
  return violations;
}

test('no import crosses a layer or feature boundary', () => {
  const sources = Object.fromEntries(sourceFiles(SRC).map((file) => [file, readFileSync(file, 'utf8')]));
  expect(violationsIn(sources)).toEqual([]);
});

test('the check sees a cross-feature import, a dynamic import and an import from the demo server', () => {
  const files = [
    join(SRC, 'features/vehicles/components/planted.tsx'),
    join(SRC, 'mocks/handlers/geofences.ts'),
  ];
  const planted = violationsIn({
    [files[0]!]:
      "import { FaultsPanel } from '@/features/faults/components/faults-panel';\nconst p = () => import('../../live-map/x');",
    [files[1]!]: "import { x } from '../../features/geofencing/components/geometry';",
  });
  expect(planted).toEqual([
    expect.stringContaining('a feature never imports another feature (vehicles -> faults)'),
    expect.stringContaining('a feature never imports another feature (vehicles -> live-map)'),
    expect.stringContaining(
      'src/mocks/handlers/geofences.ts -> ../../features/geofencing/components/geometry: the demo server',
    ),
  ]);
});
