// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

/*
 * The layers of `src/`, lowest first (decisions 0062 and 0107): domain <- config <- state <- shared <- features <- pages
 * <- app, plus `mocks` (the demo server) and `test` (the test harness) beside them. This test reads every file of
 * `src/` (tests included) and fails on an import that breaks one of these rules:
 *
 * 1. A layer imports only itself and the layers below it.
 * 2. A feature never imports another feature: a page composes several, a part two features need goes down.
 * 3. `mocks` imports only `domain` (the Fleet API types, the live payloads, the rules), `config` (env) and the live
 *    contract `shared/lib/live` (topics, the demo region); never `state`, the rest of `shared` (api client, UI),
 *    `features`, `pages` or `app`.
 * 4. Only `app` (demo mode starts the worker and offers the demo accounts) and tests import `mocks`.
 * 5. Only tests import the harness `src/test`, which may import anything.
 * 6. Only `mocks` imports the server's services (`@services/*`, server/src/services): the demo adapter calls them, so
 *    the demo and the server run one implementation of every rule (decision 0110). The rest of the portal talks to
 *    the Fleet API over HTTP.
 *
 * A test file (`*.test.ts(x)`, `*.test-d.ts`) follows the rules of its folder, plus 4 and 5. Every form of import
 * counts: static and type-only imports, `export … from` re-exports, `import()` (a lazy loader too), side-effect
 * imports, `vi.mock` and JSDoc `import()` types. And no import cycle spans two layers or two features.
 */

const SRC = resolve(process.cwd(), 'src');

/** The layers, lowest first. */
const LAYERS = ['domain', 'config', 'state', 'shared', 'features', 'pages', 'app'] as const;
/** What `mocks` may import besides itself (rule 3). */
const MOCKS_MAY_IMPORT = ['domain', 'config', 'shared/lib/live'];
const FOLDERS = new Set<string>([...LAYERS, 'mocks', 'test']);

/** `src`-relative paths (with `/`) of every source file. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|jsx|mjs)$/.test(entry.name) ? [relative(SRC, path).split(sep).join('/')] : [];
  });
}

/** Every specifier a file imports, in any form. */
function importsOf(source: string): string[] {
  const found = ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
  // vi.mock('…'), and import('…') also where the scanner does not look (JSDoc types of a .js file).
  for (const m of source.matchAll(/\b(?:vi\.mock|import)\(\s*['"`]([^'"`]+)['"`]/g)) found.push(m[1]!);
  return [...new Set(found)];
}

/** The `src`-relative path an import names, or null when it leaves `src` (a package, e2e helpers). */
function targetOf(from: string, specifier: string): string | null {
  let path: string;
  if (specifier.startsWith('@/')) path = specifier.slice(2);
  else if (specifier.startsWith('.')) path = posix.join(posix.dirname(from), specifier);
  else return null;
  path = posix.normalize(path);
  return path.startsWith('..') ? null : path;
}

const isTest = (path: string): boolean => /\.test(-d)?\.[jt]sx?$/.test(path);

/** The rule an import of the server's services (`@services/…`) from `from` breaks, or null (rule 6). */
function servicesRuleBroken(from: string): string | null {
  const [fromFolder = ''] = from.split('/');
  return fromFolder === 'mocks' ? null : "only the demo server (mocks) imports the server's services (@services)";
}

/** The rule an import from `from` to `to` (both `src`-relative) breaks, or null. */
function ruleBroken(from: string, to: string): string | null {
  const [fromFolder = '', fromFeature] = from.split('/');
  const [toFolder = '', toFeature] = to.split('/');
  if (!FOLDERS.has(fromFolder)) return `src/${fromFolder} is no layer: put the file in one, or add the folder here`;
  if (!FOLDERS.has(toFolder)) return `src/${toFolder} is no layer`;
  const test = isTest(from);
  if (toFolder === 'test' && fromFolder !== 'test')
    return test ? null : 'only tests import the test harness (src/test)';
  if (fromFolder === 'test') return null;
  if (toFolder === 'mocks' && fromFolder !== 'mocks') {
    return fromFolder === 'app' || test ? null : 'only the app (demo mode) and tests import the demo server (mocks)';
  }
  if (fromFolder === 'mocks') {
    if (toFolder === 'mocks' || MOCKS_MAY_IMPORT.some((p) => to === p || to.startsWith(`${p}/`))) return null;
    return `the demo server (mocks) imports only ${MOCKS_MAY_IMPORT.join(', ')}`;
  }
  const fromLayer = LAYERS.indexOf(fromFolder as (typeof LAYERS)[number]);
  const toLayer = LAYERS.indexOf(toFolder as (typeof LAYERS)[number]);
  if (toLayer > fromLayer) {
    return `${fromFolder} never imports ${toFolder}: a layer imports only itself and the layers below it (${LAYERS.join(' <- ')})`;
  }
  if (fromFolder === 'features' && toFolder === 'features' && fromFeature !== toFeature) {
    return `a feature never imports another feature (${fromFeature} -> ${toFeature}); move the shared part down to shared/ or domain/, or compose both in a page`;
  }
  return null;
}

/** Every import of these files (`src`-relative path -> source) that breaks a rule, as `file -> import: rule`. */
function violationsIn(sources: Readonly<Record<string, string>>): string[] {
  const violations: string[] = [];
  for (const [file, source] of Object.entries(sources)) {
    if (!file.includes('/')) continue; // src/boundaries.test.ts, src/vite-env.d.ts
    for (const specifier of importsOf(source)) {
      const to = targetOf(file, specifier);
      const rule = specifier.startsWith('@services/')
        ? servicesRuleBroken(file)
        : to === null
          ? null
          : ruleBroken(file, to);
      if (rule) violations.push(`src/${file} -> ${specifier}: ${rule}`);
    }
  }
  return violations;
}

/** The file an import resolves to, as TypeScript and Vite would find it among `files`. */
function resolveFile(path: string, files: ReadonlySet<string>): string | null {
  const candidates = ['', '.ts', '.tsx', '.d.ts', '.js', '/index.ts', '/index.tsx'].map((ext) => path + ext);
  return candidates.find((c) => files.has(c)) ?? null;
}

/** The folder an import cycle must not leave: a layer, `mocks`, `test`, or one feature. */
const unitOf = (path: string): string => {
  const [folder = '', feature = ''] = path.split('/');
  return folder === 'features' ? `features/${feature}` : folder;
};

/** Each import cycle (strongly connected files, Tarjan) whose files lie in more than one layer or feature. */
function crossingCyclesIn(sources: Readonly<Record<string, string>>): string[][] {
  const files = new Set(Object.keys(sources));
  const edges = new Map<string, string[]>();
  for (const [file, source] of Object.entries(sources)) {
    const targets = importsOf(source).flatMap((s) => {
      const to = targetOf(file, s);
      const resolved = to === null ? null : resolveFile(to, files);
      return resolved ? [resolved] : [];
    });
    edges.set(file, targets);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (new Set(component.map(unitOf)).size > 1) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

const sources = (): Record<string, string> =>
  Object.fromEntries(sourceFiles(SRC).map((file) => [file, readFileSync(join(SRC, file), 'utf8')]));

describe('the layers of src/', () => {
  const all = sources();

  test('no import crosses a layer or feature boundary', () => {
    expect(violationsIn(all)).toEqual([]);
  });

  test('no import cycle spans two layers or two features', () => {
    expect(crossingCyclesIn(all).map((cycle) => `${cycle.length} files: ${cycle.join(', ')}`)).toEqual([]);
  });

  test('the check reads every layer, mocks and the harness', () => {
    const folders = new Set(Object.keys(all).map((file) => file.split('/')[0]));
    for (const folder of FOLDERS) expect(folders, folder).toContain(folder);
  });
});

describe('the check', () => {
  test('reports a planted break of each rule, in every form of import', () => {
    const planted = violationsIn({
      // rule 1, once per layer, each with another form of import
      'domain/planted.ts': "import type { AppRoute } from '@/config/paths';",
      'config/planted.ts': "export { useCan } from '../state/use-can';",
      'state/planted.ts': "export * from '@/shared/lib/live/topics';",
      'shared/ui/planted.tsx': "const Panel = lazy(() => import('@/features/faults/components/faults-panel'));",
      'features/vehicles/planted.ts':
        "const load = () => import('@/pages/vehicles/vehicle-details-page').then((m) => ({ Component: m.Page }));",
      'pages/vehicles/planted.tsx': "import '@/app/theme.css';",
      'domain/planted.test.ts': "vi.mock('@/state/app-store', () => ({}));",
      // rule 2
      'features/trips/components/planted.tsx':
        "import {\n  FaultsPanel,\n} from '../../faults/components/faults-panel';",
      // rule 3
      'mocks/handlers/planted.ts': "import { inside } from '../../features/geofencing/components/geometry';",
      'mocks/world/planted.ts': "import type { AppState } from '@/state/app-store';",
      'mocks/live/planted.js': "/** @param {import('../../shared/ui/notify').Notice} n */\nexport const f = (n) => n;",
      // rule 4
      'features/auth/planted.ts': "import { DEMO_USERS } from '@/mocks/world/demo-users';",
      // rule 5
      'shared/api/planted.ts': "import { renderApp } from '@/test/render';",
      // rule 6
      'features/vehicles/api/planted.ts': "import { createVehicle } from '@services/vehicles/create-vehicle';",
      'shared/lib/planted.test.ts': "import type { Caller } from '@services/lib/caller';",
      // a folder that is no layer
      'utils/planted.ts': "import { can } from '@/domain/permissions';",
    });
    const layers =
      'a layer imports only itself and the layers below it (domain <- config <- state <- shared <- features <- pages <- app)';
    expect(planted).toEqual([
      `src/domain/planted.ts -> @/config/paths: domain never imports config: ${layers}`,
      `src/config/planted.ts -> ../state/use-can: config never imports state: ${layers}`,
      `src/state/planted.ts -> @/shared/lib/live/topics: state never imports shared: ${layers}`,
      `src/shared/ui/planted.tsx -> @/features/faults/components/faults-panel: shared never imports features: ${layers}`,
      `src/features/vehicles/planted.ts -> @/pages/vehicles/vehicle-details-page: features never imports pages: ${layers}`,
      `src/pages/vehicles/planted.tsx -> @/app/theme.css: pages never imports app: ${layers}`,
      `src/domain/planted.test.ts -> @/state/app-store: domain never imports state: ${layers}`,
      'src/features/trips/components/planted.tsx -> ../../faults/components/faults-panel: a feature never imports another feature (trips -> faults); move the shared part down to shared/ or domain/, or compose both in a page',
      'src/mocks/handlers/planted.ts -> ../../features/geofencing/components/geometry: the demo server (mocks) imports only domain, config, shared/lib/live',
      'src/mocks/world/planted.ts -> @/state/app-store: the demo server (mocks) imports only domain, config, shared/lib/live',
      'src/mocks/live/planted.js -> ../../shared/ui/notify: the demo server (mocks) imports only domain, config, shared/lib/live',
      'src/features/auth/planted.ts -> @/mocks/world/demo-users: only the app (demo mode) and tests import the demo server (mocks)',
      'src/shared/api/planted.ts -> @/test/render: only tests import the test harness (src/test)',
      "src/features/vehicles/api/planted.ts -> @services/vehicles/create-vehicle: only the demo server (mocks) imports the server's services (@services)",
      "src/shared/lib/planted.test.ts -> @services/lib/caller: only the demo server (mocks) imports the server's services (@services)",
      'src/utils/planted.ts -> @/domain/permissions: src/utils is no layer: put the file in one, or add the folder here',
    ]);
  });

  test('lets pass what the rules allow', () => {
    expect(
      violationsIn({
        'app/planted.tsx':
          "import { startDemoWorker } from '@/mocks/browser';\nimport { paths } from '@/config/paths';",
        'pages/vehicles/planted.tsx': "import { VehicleOverview } from '@/features/vehicles/details/vehicle-overview';",
        'features/trips/components/planted.ts':
          "import { x } from './x';\nimport { y } from '../lib/y';\nimport z from 'zod';",
        'features/trips/planted.test.tsx': "import { renderApp } from '@/test/render';\nimport '@/mocks/node';",
        'mocks/handlers/planted.ts':
          "import type { components } from '@/domain/api-schema';\nimport { getEnv } from '@/config/env';\nimport { topics } from '../../shared/lib/live/topics';",
        'mocks/adapter/planted.ts': "import { appendAudit } from '@services/audit/audit-chain';",
        'test/planted.tsx': "import { createAppRoutes } from '@/app/router';",
        'state/planted.ts': "import { can } from '../domain/permissions';",
      }),
    ).toEqual([]);
  });

  test('reports a planted import cycle across layers, and not one inside a layer', () => {
    const cycles = crossingCyclesIn({
      'domain/a.ts': "import { b } from '@/config/b';",
      'config/b.ts': "export { c } from '../domain/c';",
      'domain/c.ts': "export const c = () => import('./a');",
      'state/d.ts': "import type { E } from './e';",
      'state/e.ts': "import type { D } from './d';",
      'features/x/f.ts': "import { g } from '@/features/y/g';",
      'features/y/g.ts': "import { f } from '@/features/x/f';",
    });
    expect(cycles).toEqual([
      ['config/b.ts', 'domain/a.ts', 'domain/c.ts'],
      ['features/x/f.ts', 'features/y/g.ts'],
    ]);
  });
});
