import { expect, test } from 'vitest';
import type { RolloutRunDeps } from '../firmware/firmware-store';
import { createOtaHandler, otaTopicParts, parseOtaProgress } from './ota-progress';

const topic = 'voltline/v1/vehicles/veh-1/devices/dev-1/ota';
const message = { v: 1, vehicleUid: 'veh-1', deviceUid: 'dev-1', releaseId: 'fw-2', status: 1, progress: 40, ts: 1 };

test('an OTA progress message is read from its topic and checked against the contract', () => {
  expect(otaTopicParts(topic)).toEqual({ vehicleId: 'veh-1', deviceId: 'dev-1' });
  expect(otaTopicParts('voltline/v1/vehicles/veh-1/acks')).toBeNull();
  expect(otaTopicParts('voltline/v1/vehicles/+/devices/dev-1/ota')).toBeNull();
  expect(parseOtaProgress(topic, JSON.stringify(message))).toEqual({ ok: true, progress: message });
  const failed = { ...message, status: 3, reason: 'Flash write error' };
  expect(parseOtaProgress(topic, JSON.stringify(failed))).toEqual({ ok: true, progress: failed });
  expect(parseOtaProgress(topic, new Uint8Array([0xff, 0xfe]))).toEqual({ ok: false, reason: 'invalid-json' });
  expect(parseOtaProgress(topic, JSON.stringify({ ...message, progress: 140 }))).toEqual({
    ok: false,
    reason: 'invalid-payload',
  });
  expect(parseOtaProgress(topic, JSON.stringify({ ...message, deviceUid: 'dev-2' }))).toEqual({
    ok: false,
    reason: 'topic-mismatch',
  });
  expect(parseOtaProgress('voltline/v1/vehicles/veh-1/trips', '{}')).toEqual({ ok: false, reason: 'unknown-topic' });
});

test('the handler counts what it drops by reason, a write that throws included, and never throws', async () => {
  const deps = {
    now: () => new Date(0),
    transact: async () => {
      throw new Error('database down');
    },
  } as unknown as RolloutRunDeps;
  const handler = createOtaHandler({ rollouts: deps });
  await handler.accept(topic, 'not json');
  await handler.accept(topic, JSON.stringify({ ...message, vehicleUid: 'veh-2' }));
  await handler.accept(topic, JSON.stringify({ ...message, status: 0 }));
  await handler.accept(topic, JSON.stringify(message));
  expect(handler.counters()).toEqual({
    received: 4,
    applied: 0,
    dropped: { 'invalid-json': 1, 'topic-mismatch': 1, 'ignored-status': 1, 'write-failed': 1 },
  });
});
