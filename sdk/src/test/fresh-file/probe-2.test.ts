import { test } from 'vitest';
import { expectFreshWorker, leaveEverythingBehind } from './probe';

test('the file starts as in a fresh worker, then leaves every kind of state behind (2)', async () => {
  await expectFreshWorker(false);
  await leaveEverythingBehind('probe-2');
});
