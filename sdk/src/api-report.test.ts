import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { Gleap } from './index';

// vitest runs from the package folder; the report is committed so any change of the public surface shows in a diff
const report = readFileSync(resolve(process.cwd(), 'api-report.md'), 'utf8');

test('the committed API report lists exactly the members of Gleap', () => {
  const listed = [...report.matchAll(/^- `(\w+)`/gm)].map((m) => m[1]);
  expect(listed).toEqual(Object.keys(Gleap).sort());
});
