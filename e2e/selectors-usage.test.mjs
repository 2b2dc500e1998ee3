// Every selector the browser tests use lives in e2e/selectors.ts (issue 16 item 5): a spec (or a spec's helper) that
// writes a locator inline, `page.locator('…')`, `getByRole('…')`, `getByTestId('…')`, `getByText('…')`, …, fails here.
// Run by `npm test` (scripts/test.mjs, step "unit e2e") and alone with `node --test e2e/selectors-usage.test.mjs`.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const E2E = dirname(fileURLToPath(import.meta.url));
const SPECS = join(E2E, 'specs');

/**
 * A Playwright query whose first argument is written in place: a string, a template or a regular expression. A
 * query that takes its argument from the selectors file (`byRole(page, tickets.table)`, `getByText(x.done)`) passes.
 */
const INLINE_QUERY =
  /\.(getByRole|getByText|getByLabel|getByTestId|getByPlaceholder|getByTitle|getByAltText|locator|frameLocator)\(\s*(['"`]|\/(?![/*]))/g;

/**
 * Files that may keep inline queries, each with its exact number and the reason. Empty: every spec takes its queries
 * from e2e/selectors.ts. An entry can only shrink: a file that gains a query fails, and so does one that holds fewer
 * than its entry says (lower it).
 */
const ALLOWED = {};

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Where a file queries inline: `line: text` for each hit. */
function inlineQueries(file) {
  const text = readFileSync(file, 'utf8');
  const hits = [];
  for (const match of text.matchAll(INLINE_QUERY)) {
    const line = text.slice(0, match.index).split('\n').length;
    hits.push(`${line}: ${text.split('\n')[line - 1].trim()}`);
  }
  return hits;
}

const found = Object.fromEntries(
  sourceFiles(SPECS)
    .map((file) => [relative(E2E, file).split('\\').join('/'), inlineQueries(file)])
    .filter(([, hits]) => hits.length > 0),
);

test('no spec queries the page inline outside the allow-list', () => {
  const unexpected = Object.entries(found)
    .filter(([file, hits]) => hits.length > (ALLOWED[file] ?? 0))
    .map(([file, hits]) => `${file} (${hits.length}, allowed ${ALLOWED[file] ?? 0}):\n  ${hits.join('\n  ')}`);
  assert.deepEqual(unexpected, [], `move these into e2e/selectors.ts:\n${unexpected.join('\n')}`);
});

test('the allow-list holds no more than the files still need', () => {
  const stale = Object.entries(ALLOWED)
    .filter(([file, allowed]) => (found[file]?.length ?? 0) < allowed)
    .map(([file, allowed]) => `${file}: allowed ${allowed}, holds ${found[file]?.length ?? 0}`);
  assert.deepEqual(stale, [], 'lower these numbers in ALLOWED');
});

test('the check finds an inline query when there is one', () => {
  const sample = [
    "page.locator('.x')",
    'page.getByRole("button", { name: "Save" })',
    'frame.getByText(/^Done$/)',
    'page\n  .getByTestId(`grid`)',
  ].join('\n');
  assert.equal([...sample.matchAll(INLINE_QUERY)].length, 4);
  assert.equal([...'byRole(page, tickets.table); page.getByText(x.done)'.matchAll(INLINE_QUERY)].length, 0);
});
