// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

/*
 * What the entry chunk carries (issue 37 item 11, `portal.initial.gz` <= 200 KB): the modules `app/main.tsx` reaches
 * through static imports load before the first page renders; a lazy route, dialog or chunk is an `import()`. This
 * follows those static imports through `src/` and checks what must stay out of them.
 */

const SRC = resolve(process.cwd(), 'src');

function resolveFile(path: string): string | null {
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(resolve(SRC, candidate))) return candidate;
  }
  return null;
}

/** The value (not type-only) specifiers a file imports statically, and re-exports. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(resolve(SRC, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const onlyTypes =
        clause?.isTypeOnly ||
        (clause !== undefined &&
          clause.name === undefined &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    }
  }
  return found;
}

/** Every `src/` module the entry reaches statically, with the packages each imports. */
function initialGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (graph.has(file)) continue;
    const packages: string[] = [];
    graph.set(file, packages);
    for (const specifier of staticImports(file)) {
      let path: string | null = null;
      if (specifier.startsWith('@/')) path = specifier.slice(2);
      else if (specifier.startsWith('.')) path = posix.normalize(posix.join(posix.dirname(file), specifier));
      else {
        packages.push(specifier);
        continue;
      }
      const target = resolveFile(path);
      if (target) queue.push(target);
    }
  }
  return graph;
}

const graph = initialGraph('app/main.tsx');

test('the entry reaches the app, the router and the login flow statically', () => {
  // The walk itself works: what the first page needs is in it.
  expect(graph.has('app/router.tsx')).toBe(true);
  expect(graph.has('config/env.ts')).toBe(true);
  expect(graph.has('state/persistence.ts')).toBe(true);
  expect(graph.has('shared/lib/live/topics.ts')).toBe(true);
});

test('full zod stays out of the entry chunk: what validates before the first page uses zod/mini', () => {
  const fullZod = [...graph].filter(([, packages]) => packages.includes('zod')).map(([file]) => file);
  expect(fullZod).toEqual([]);
  expect(graph.get('config/env-schema.ts')).toContain('zod/mini');
});

test('the signed-in shell (header, navigation, menus) loads with the first protected page, not with the entry', () => {
  const shell = [...graph.keys()].filter(
    (file) =>
      file.startsWith('app/shell/app-layout') ||
      file === 'app/shell/side-nav.tsx' ||
      file === 'app/shell/app-header.tsx',
  );
  expect(shell).toEqual([]);
});

test("the vehicle Commands tab's send dialog loads on its first open, not with the vehicle details page", () => {
  const details = initialGraph('pages/vehicles/vehicle-details-page.tsx');
  expect(details.has('features/commands/components/commands-panel.tsx')).toBe(true);
  expect(details.has('features/commands/components/send-command-dialog.tsx')).toBe(false);
});

/** `src`-relative paths of the components (`.tsx`, tests excluded) under `dir`. */
function components(dir: string): string[] {
  return readdirSync(resolve(SRC, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(resolve(SRC, dir), entry.name);
    if (entry.isDirectory()) return components(relative(SRC, path));
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.')
      ? [relative(SRC, path).split(sep).join('/')]
      : [];
  });
}

test('a lazy dialog shows DialogLoading while its code loads: no Suspense falls back to nothing', () => {
  // Dialogs live in pages, features and shared; the app's one blank fallback is the header's live badge, no dialog.
  const blank = ['pages', 'features', 'shared']
    .flatMap(components)
    .filter((file) => /<Suspense\s+fallback=\{null\}/.test(readFileSync(resolve(SRC, file), 'utf8')));
  expect(blank).toEqual([]);
});

test("the header's live badge (a tooltip, so the floating-element code) is not in the entry chunk", () => {
  expect(graph.has('app/live-badge.tsx')).toBe(false);
  const floating = [...graph].filter(([file]) =>
    /\b(Tooltip|Popover|Menu|HoverCard)\b/.test(readFileSync(resolve(SRC, file), 'utf8')),
  );
  expect(floating.map(([file]) => file)).toEqual([]);
});
