// @vitest-environment node
import { resolve } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { Gleap } from './index';

// The public surface of `@voltline/widget` as the type checker sees it: every member of `Gleap` with its signature, and
// every exported type with its fields. The report is committed, so a change of the surface shows in the diff.
// After an intended change: `pnpm exec vitest run src/api-report.test.ts -u` (in sdk/), then commit api-report.md.
const root = process.cwd(); // vitest runs from the package folder
const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
// code point order, not the locale's: the report must read the same on every machine
const byName = (a: ts.Symbol, b: ts.Symbol) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function surface(): { members: string[]; report: string } {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('sdk/tsconfig.json could not be read');
  const entry = resolve(root, 'src/index.ts');
  const program = ts.createProgram([entry], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!source || !moduleSymbol) throw new Error('src/index.ts was not found by the type checker');

  const show = (type: ts.Type, at: ts.Node) => checker.typeToString(type, at, flags);
  const member = (symbol: ts.Symbol, at: ts.Node): string[] => {
    const type = checker.getTypeOfSymbolAtLocation(symbol, at);
    const optional = symbol.flags & ts.SymbolFlags.Optional ? '?' : '';
    const calls = type.getCallSignatures();
    if (calls.length === 0) return [`${symbol.name}${optional}: ${show(type, at)}`];
    return calls.map((s) => `${symbol.name}${checker.signatureToString(s, at, flags)}`);
  };

  const exports = checker.getExportsOfModule(moduleSymbol).sort(byName);
  const gleap = exports.find((s) => s.name === 'Gleap');
  if (!gleap) throw new Error('src/index.ts does not export Gleap');
  const gleapType = checker.getTypeOfSymbolAtLocation(gleap, source);
  const members = gleapType.getProperties().map((p) => p.name);
  const lines = [
    '# @voltline/widget API report',
    '',
    'The public surface of `src/index.ts` as the type checker sees it. Written and checked by `src/api-report.test.ts`,',
    'so any change of the surface shows in this diff; after an intended change run',
    '`pnpm exec vitest run src/api-report.test.ts -u` in `sdk/` and commit this file. TSDoc: `dist/index.d.ts`.',
    '',
    '## `Gleap` (default and named export)',
    '',
    ...gleapType
      .getProperties()
      .sort(byName)
      .flatMap((p) => member(p, source))
      .map((l) => `- \`${l}\``),
    '',
    '## Types',
  ];
  for (const symbol of exports) {
    if (symbol.name === 'Gleap' || symbol.name === 'default') continue;
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const type = checker.getDeclaredTypeOfSymbol(target);
    lines.push('');
    if (target.flags & ts.SymbolFlags.Interface) {
      lines.push(`### interface ${symbol.name}`, '');
      for (const p of type.getProperties()) for (const l of member(p, source)) lines.push(`- \`${l}\``);
    } else {
      const text = checker.typeToString(type, source, flags | ts.TypeFormatFlags.InTypeAlias);
      lines.push(`### type ${symbol.name}`, '', `\`${text}\``);
    }
  }
  return { members, report: `${lines.join('\n')}\n` };
}

test('the committed API report is the public surface: members of Gleap with signatures, and the exported types', async () => {
  const { members, report } = surface();
  // the type checker's members are the object's own: nothing is typed that is not there, nor the reverse
  expect(members.sort()).toEqual(Object.keys(Gleap).sort());
  await expect(report).toMatchFileSnapshot(resolve(root, 'api-report.md'));
}, 60_000);
