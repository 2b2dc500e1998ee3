// The messenger's first-load JS: the entry script of messenger/dist/index.html plus the chunks it preloads, min+gz.
// Budget 85 KB: decision 0030 (React 19 + react-dom are ~60 KB gz of it; screens that call the API load on demand).
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { initialJsKb } from './lib/initial-js.mjs';

export async function run({ root }) {
  // always a fresh build: a stale dist/ would measure an older messenger
  execSync('pnpm --filter @voltline/messenger build', { cwd: root, stdio: 'ignore' });
  return [{ id: 'messenger.initial.gz', value: initialJsKb(join(root, 'messenger/dist')), unit: 'KB', budget: 85 }];
}
