import { afterEach, expect, test, vi } from 'vitest';
import * as coreRedaction from '../core/redaction';

afterEach(() => {
  coreRedaction.resetRedactionPolicy();
  vi.resetModules();
});

test("the chunks' stand-in answers with the core's policy once it is handed over, and says so when it was not", async () => {
  const { receiveCore } = await import('./handed-over');
  const standIn = await import('./redaction');
  expect(() => standIn.getRedactionPolicy()).toThrow(/before the core was handed over/);
  receiveCore({ redaction: coreRedaction });
  // a policy set on the core (Gleap.setRedactionPolicy) is the one the chunks see: one copy of the state
  coreRedaction.setRedactionPolicy({ fields: ['fleetcode'] });
  expect(standIn.getRedactionPolicy()).toBe(coreRedaction.getRedactionPolicy());
  expect(standIn.isSensitiveName('fleetCode')).toBe(true);
  expect(standIn.isSensitiveName('password')).toBe(false);
  expect(standIn.redactText('Bearer abcdefghijklmnop')).toBe(coreRedaction.redactText('Bearer abcdefghijklmnop'));
  expect(standIn.redactUrl('https://x.test/?fleetcode=1')).toBe(coreRedaction.redactUrl('https://x.test/?fleetcode=1'));
});
