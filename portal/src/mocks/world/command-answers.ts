import { hashString } from './prng';

/**
 * How the demo world's simulated devices answer a command (the demo's settle-on-read, its in-page broker and the
 * server's fleet simulator `server/src/simulator/`, which reaches it through `server/src/db/seed-source.ts`).
 */

/**
 * How long a simulated device takes to acknowledge a command: 2 to 5 s, fixed per command; a remote stop answers once
 * the vehicle has stopped, after its ramp-down time.
 */
export function acknowledgeDelayOf(
  id: string,
  command?: { code: string; payload?: Record<string, unknown> | null },
): number {
  const rampDown = command?.code === 'REMOTE_STOP' ? Number(command.payload?.rampDownS ?? 0) * 1000 : 0;
  return 2000 + (hashString(id) % 3001) + rampDown;
}

/**
 * How a simulated vehicle answers a command: an offline vehicle (the world's `isLive` false) never answers, so its
 * commands expire and fail, as a real one's would; an online one's device rejects about one command code in seven
 * (fixed per vehicle and code, as a firmware that lacks it would) and accepts the rest. `null`: no answer.
 */
export function acknowledgeResultOf(command: { vehicleId: string; code: string }, online: boolean): 2 | 3 | null {
  if (!online) return null;
  return hashString(`${command.vehicleId}:${command.code}:result`) % 7 === 0 ? 3 : 2;
}
