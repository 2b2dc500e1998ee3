// The portal's JS before the first page renders (production build: entry script and modulepreloads, gz).
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { initialJsKb } from './lib/initial-js.mjs';

export async function run({ root }) {
  execSync('pnpm --filter @voltline/portal build', { cwd: root, stdio: 'ignore' });
  return [{ id: 'portal.initial.gz', value: initialJsKb(join(root, 'portal/dist')), unit: 'KB', budget: 250 }];
}
