import { expect, test } from 'vitest';
import { commandAckSchema } from '@/domain/live-payloads';
import {
  acknowledgeDelayOf,
  acknowledgeResultOf,
  createFleetSimulator,
  DEFAULT_SEED,
  DEMO_REGION,
} from '../db/seed-source';
import { answerCommand } from './fleet-simulation';

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
