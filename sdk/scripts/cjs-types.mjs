// Writes the CommonJS declarations (dist/*.d.cts) from the ESM ones that tsup wrote (dist/*.d.ts).
// protocol and mock: the same declarations. index: `require('@voltline/widget')` is Gleap itself with `.Gleap` and
// `.default` (src/index.cjs.ts, decision 0060), so its .d.cts ends in `export =` of that object, and the types go in
// a namespace merged with it (`import type { GleapUserProperties } from '@voltline/widget'` keeps working).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

for (const entry of ['protocol', 'mock']) {
  writeFileSync(join(dist, `${entry}.d.cts`), readFileSync(join(dist, `${entry}.d.ts`), 'utf8'));
}

const esm = readFileSync(join(dist, 'index.d.ts'), 'utf8');
const exportList = /\nexport \{([^}]*)\};\s*$/.exec(esm);
if (!exportList) throw new Error('cjs-types: dist/index.d.ts does not end in one `export { ... };`');

const types = [];
const values = [];
for (const item of exportList[1].split(',').map((s) => s.trim())) {
  if (item.startsWith('type ')) types.push(item.slice(5));
  else values.push(item);
}
// The CommonJS object carries Gleap only: a new value export needs a place on it (and in src/index.cjs.ts) first.
if (values.sort().join() !== ['Gleap', 'Gleap as default'].join()) {
  throw new Error(`cjs-types: index exports values other than Gleap: ${values.join(', ')}`);
}
const name = 'GleapCommonJs';
if (new RegExp(`\\b${name}\\b`).test(esm)) throw new Error(`cjs-types: ${name} is already declared`);

const body = esm.slice(0, exportList.index + 1);
const cjs = `${body}
/** \`require('@voltline/widget')\`: the Gleap object itself, with \`.Gleap\` and \`.default\` pointing to it. */
declare const ${name}: typeof Gleap & { readonly Gleap: typeof Gleap; readonly default: typeof Gleap };
declare namespace ${name} {
  export type { ${types.join(', ')} };
}
export = ${name};
`;
writeFileSync(join(dist, 'index.d.cts'), cjs);
