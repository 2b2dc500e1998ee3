import { expect, test } from 'vitest';
import { commandAckSchema, otaProgressSchema } from '@/domain/live-payloads';
import {
  acknowledgeDelayOf,
  acknowledgeResultOf,
  createFleetSimulator,
  DEFAULT_SEED,
  DEMO_REGION,
} from '../db/seed-source';
import { answerCommand, answerInstall } from './fleet-simulation';

const sim = createFleetSimulator({ region: DEMO_REGION, seed: DEFAULT_SEED });
const request = (vehicleUid: string, name: string, params?: Record<string, string | number | boolean>) => ({
  v: 1 as const,
  commandId: `cmd-${vehicleUid}-${name}`,
  vehicleUid,
  deviceUid: `${vehicleUid}-MCU`,
  kind: 'Device' as const,
  name,
  ...(params ? { params } : {}),
  ts: 1_767_600_000_000,
});

/** A vehicle id whose device gives `result` to `code` by the world's rule. */
function vehicleAnswering(code: string, result: 2 | 3): string {
  for (let i = 1; i < 1000; i += 1) {
    const id = `veh-${String(i).padStart(6, '0')}`;
    if (acknowledgeResultOf({ vehicleId: id, code }, true) === result) return id;
  }
  throw new Error('none');
}

test('an online vehicle acknowledges after the world’s delay with the world’s result, on its own ack topic', () => {
  const now = 1_767_600_000_000;
  for (const result of [2, 3] as const) {
    const id = vehicleAnswering('SPEED_LIMIT', result);
    const asked = request(id, 'SPEED_LIMIT', { speedKmh: 60 });
    const answers = answerCommand(sim, asked, true, now);
    const delayMs = acknowledgeDelayOf(asked.commandId, { code: 'SPEED_LIMIT', payload: asked.params });
    expect(delayMs).toBeGreaterThanOrEqual(2000);
    expect(delayMs).toBeLessThanOrEqual(5001);
    expect(answers).toEqual([
      {
        delayMs,
        topic: `voltline/v1/vehicles/${id}/acks`,
        payload: {
          v: 1,
          commandId: asked.commandId,
          vehicleUid: id,
          deviceUid: `${id}-MCU`,
          status: result,
          ...(result === 3 ? { reason: expect.any(String) } : {}),
          ts: now + delayMs,
        },
      },
    ]);
    // What the server's consumer accepts (live-topics.md "Command acknowledgement").
    expect(commandAckSchema.safeParse(answers[0]?.payload).success).toBe(true);
  }
});

test('an offline vehicle never answers; nor does one asked to time out; one asked to fail refuses', () => {
  const id = vehicleAnswering('LOCATE', 2);
  expect(answerCommand(sim, request(id, 'LOCATE'), false, Date.now())).toEqual([]);
  expect(answerCommand(sim, request(id, 'LOCATE', { simulate: 'timeout' }), true, Date.now())).toEqual([]);
  const refused = answerCommand(sim, request(id, 'LOCATE', { simulate: 'fail' }), true, Date.now());
  expect(refused.map((a) => a.payload.status)).toEqual([3]);
});

test('a remote stop answers after its ramp-down time', () => {
  const id = vehicleAnswering('REMOTE_STOP', 2);
  const plain = answerCommand(sim, request(id, 'REMOTE_STOP'), true, 0)[0]?.delayMs ?? 0;
  const ramped = answerCommand(sim, request(id, 'REMOTE_STOP', { rampDownS: 10 }), true, 0)[0]?.delayMs;
  expect(ramped).toBe(plain + 10_000);
});

test('a vehicle answers a firmware install as the demo’s device would: progress every 5 %, then Completed or Failed', () => {
  const now = 1_767_600_000_000;
  const install = (params: Record<string, string | number | boolean>) => ({
    v: 1 as const,
    commandId: 'ota-abc-1',
    vehicleUid: 'veh-000001',
    deviceUid: 'dev-bms-000001',
    kind: 'OTA' as const,
    name: 'FIRMWARE_UPDATE',
    releaseId: 'fw-bms-2',
    params: { version: '2.0.0', deviceSerial: 'SN-1', updateId: 'ota-rol-1-dev-bms-000001', attempt: 0, ...params },
    ts: now,
  });
  const ok = answerInstall(install({}), { speed: 1, random: false }, now);
  for (const a of ok) {
    expect(a.topic).toBe('voltline/v1/vehicles/veh-000001/devices/dev-bms-000001/ota');
    expect(otaProgressSchema.safeParse(a.payload).success).toBe(true);
  }
  expect(ok.map((a) => a.payload.progress)).toEqual([0, ...Array.from({ length: 19 }, (_, i) => (i + 1) * 5), 100]);
  expect(ok.at(-1)?.payload).toMatchObject({ status: 2, commandId: 'ota-abc-1', releaseId: 'fw-bms-2' });
  // 2-5 s to take the request, then 20-60 s to install, in order.
  expect(ok[0]?.delayMs).toBeGreaterThanOrEqual(2000);
  expect(ok[0]?.delayMs).toBeLessThanOrEqual(5000);
  const last = ok.at(-1)?.delayMs ?? 0;
  expect(last - (ok[0]?.delayMs ?? 0)).toBeGreaterThanOrEqual(20_000);
  expect(ok.every((a, i) => i === 0 || a.delayMs >= (ok[i - 1]?.delayMs ?? 0))).toBe(true);
  // Asked to fail: Failed with a reason part way; asked to time out: silent after some progress. Faster at speed 10.
  const failed = answerInstall(install({ simulate: 'fail' }), { speed: 10, random: false }, now);
  expect(failed.at(-1)?.payload).toMatchObject({ status: 3, reason: expect.any(String) });
  expect(failed.at(-1)?.delayMs).toBeLessThan(6_500);
  const silent = answerInstall(install({ simulate: 'timeout' }), { speed: 1, random: false }, now);
  expect(silent.every((a) => a.payload.status === 1)).toBe(true);
  expect(silent.at(-1)?.payload.progress).toBeLessThan(100);
  // Not an install (or none named): no OTA answer.
  expect(answerInstall({ ...install({}), kind: 'Device' }, { speed: 1, random: false }, now)).toEqual([]);
});
