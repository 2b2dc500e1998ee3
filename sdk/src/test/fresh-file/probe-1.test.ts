import { test, vi } from 'vitest';
import { expectFreshWorker, leaveEverythingBehind } from './probe';

// Mocked here only: the files after it in the worker must import the real module.
vi.mock('./mocked', () => ({ real: false }));
test('the file starts as in a fresh worker, then leaves every kind of state behind (1)', async () => {
  await expectFreshWorker(true);
  await leaveEverythingBehind('probe-1');
});
