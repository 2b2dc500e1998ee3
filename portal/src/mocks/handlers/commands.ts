import { getCommand } from '@services/commands/get-command';
import { listCommands } from '@services/commands/list-commands';
import type { CommandPublisher, CommandStore } from '@services/commands/command-store';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { expiresAtOf, worldCommandDeps } from '../adapter/command-store';
import { listParamsOf } from '../adapter/list-params';
import type { WorldDb } from '../world/db';
import { hashString } from '../world/prng';
import type { Command } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';

/**
 * How long a demo device takes to acknowledge a command: 2 to 5 s, fixed per command; a remote stop answers once the
 * vehicle has stopped, after its ramp-down time.
 */
export function acknowledgeDelayOf(id: string, command?: Pick<Command, 'code' | 'payload'>): number {
  const rampDown = command?.code === 'REMOTE_STOP' ? Number(command.payload?.rampDownS ?? 0) * 1000 : 0;
  return 2000 + (hashString(id) % 3001) + rampDown;
}

/**
 * How a demo vehicle answers a command: an offline vehicle (the world's `isLive` false) never answers, so its commands
 * expire and fail, as a real one's would; an online one's device rejects about one command code in seven (fixed per
 * vehicle and code, as a firmware that lacks it would) and accepts the rest. `null`: no answer.
 */
export function acknowledgeResultOf(command: Pick<Command, 'vehicleId' | 'code'>, online: boolean): 2 | 3 | null {
  if (!online) return null;
  return hashString(`${command.vehicleId}:${command.code}:result`) % 7 === 0 ? 3 : 2;
}

/** {@link acknowledgeResultOf} for a command of the world: whether its vehicle is online now decides. */
export function acknowledgeResultIn(db: WorldDb, command: Pick<Command, 'vehicleId' | 'code'>): 2 | 3 | null {
  return acknowledgeResultOf(command, db.tables.vehicles.get(command.vehicleId)?.isLive === true);
}

const REJECTED = 'Rejected by the device.';

/**
 * The demo's simulated devices: a pending command whose device answers (see {@link acknowledgeResultOf}) before it
 * expires is acknowledged once its delay has passed, written through the services' store. Settling on read (not with
 * a timer) keeps the result across reloads and makes it the same in every tab; what nobody acknowledged expires by
 * the services' sweep (`command-expiry.ts`), which runs after this.
 */
export async function settleAcknowledgements(db: WorldDb, store: CommandStore, now: number): Promise<void> {
  for (const command of db.tables.commands.values()) {
    if (command.status !== 1) continue;
    const result = acknowledgeResultIn(db, command);
    const ackAt = command.sentAt + acknowledgeDelayOf(command.id, command);
    if (result === null || ackAt >= expiresAtOf(command) || now < ackAt) continue;
    await store.acknowledge(command.id, result, new Date(ackAt).toISOString(), result === 3 ? REJECTED : null);
  }
}

/**
 * The caller of a request and the command services' dependencies over the demo world, after the simulated devices
 * have answered; `done` persists what the reads wrote (acknowledgements, expiries).
 */
export async function commandCall(request: Request, publish?: CommandPublisher) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  const writes = { count: 0 };
  const deps = worldCommandDeps(db, { granted: ctx.granted, writes, ...(publish ? { publish } : {}) });
  await settleAcknowledgements(db, deps.commands, Date.now());
  return {
    db,
    caller: callerOf(ctx),
    deps,
    async done() {
      if (writes.count > 0) await db.persist();
    },
  };
}

/** The command history (`/commands`, `/commands/{id}`): adapters over the command services. Sending is `command-sends.ts`. */
export function createCommandHandlers(http: ApiHttp) {
  return [
    http.get('/commands', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller, done } = await commandCall(request);
        try {
          return response(200).json(await listCommands(deps, caller, listParamsOf(new URL(request.url))));
        } finally {
          await done();
        }
      }),
    ),

    http.get('/commands/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller, done } = await commandCall(request);
        try {
          return response(200).json(await getCommand(deps, caller, { id: params.id }));
        } finally {
          await done();
        }
      }),
    ),
  ];
}
