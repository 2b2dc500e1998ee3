import { acknowledgeCommand } from '@services/commands/acknowledge-command';
import { getCommand } from '@services/commands/get-command';
import { listCommands } from '@services/commands/list-commands';
import type { CommandPublisher, CommandStore } from '@services/commands/command-store';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldCommandDeps } from '../adapter/command-store';
import { listParamsOf } from '../adapter/list-params';
import type { WorldDb } from '../world/db';
import { acknowledgeDelayOf, acknowledgeResultOf } from '../world/command-answers';
import type { Command } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';

export { acknowledgeDelayOf, acknowledgeResultOf };

/** {@link acknowledgeResultOf} for a command of the world: whether its vehicle is online now decides. */
export function acknowledgeResultIn(db: WorldDb, command: Pick<Command, 'vehicleId' | 'code'>): 2 | 3 | null {
  return acknowledgeResultOf(command, db.tables.vehicles.get(command.vehicleId)?.isLive === true);
}

/**
 * The demo's simulated devices: a pending command whose device answers (see {@link acknowledgeResultOf}) is
 * acknowledged once its delay has passed, through the services' `acknowledgeCommand` (the rule the server applies to
 * a vehicle's acknowledgement over MQTT: its own vehicle, first answer wins, nothing after expiry). Settling on read
 * (not with a timer) keeps the result across reloads and makes it the same in every tab; what nobody acknowledged
 * expires by the services' sweep (`command-expiry.ts`), which runs after this.
 */
export async function settleAcknowledgements(db: WorldDb, store: CommandStore, now: number): Promise<void> {
  for (const command of db.tables.commands.values()) {
    if (command.status !== 1) continue;
    const result = acknowledgeResultIn(db, command);
    const ackAt = command.sentAt + acknowledgeDelayOf(command.id, command);
    if (result === null || now < ackAt) continue;
    await acknowledgeCommand(
      store,
      { vehicleId: command.vehicleId },
      { commandId: command.id, status: result, at: new Date(ackAt) },
    );
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
