import { COMMAND_DEFAULT_EXPIRY_S } from '@/domain/command-params';
import type { PermissionKey } from '@/domain/permissions';
import type { WorldDb } from '../world/db';
import { hashString } from '../world/prng';
import type { ApiCommand, Command } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { notFound } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { vehicleFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';

/** The keys that read the history: the Commands page, and the Commands tabs of the vehicle and device details. */
const READ_KEYS: readonly PermissionKey[] = ['cmd', 'vh.l.d.c', 'BMS.l.d.c', 'MCU.l.d.c', 'VCU.l.d.c'];

/** A stored command plus what only the server keeps: the idempotency key of the request that sent it. */
export type StoredCommand = Command & { idempotencyKey?: string | null };

/** How the history lists: sort, filter, search (command, vehicle, sender, rule) and the sent time for from/to. */
export function commandListSpec(db: WorldDb): ListSpec<Command> {
  const vehicle = (c: Command) => db.tables.vehicles.get(c.vehicleId);
  return {
    sortable: {
      sentAt: (c) => c.sentAt,
      acknowledgedAt: (c) => c.acknowledgedAt,
      status: (c) => c.status,
      code: (c) => c.code,
      kind: (c) => c.kind,
      vehicleId: (c) => vehicle(c)?.vin ?? c.vehicleId,
    },
    filterable: {
      vehicleId: (c) => c.vehicleId,
      deviceId: (c) => c.deviceId,
      deviceKind: (c) => c.deviceKind,
      kind: (c) => c.kind,
      status: (c) => c.status,
      code: (c) => c.code,
      sentBy: (c) => c.sentBy,
      ruleId: (c) => c.ruleId ?? null,
    },
    searchable: [
      (c) => c.code,
      (c) => c.name,
      (c) => vehicle(c)?.vin,
      (c) => vehicle(c)?.registrationNumber,
      (c) => (c.sentBy ? db.tables.users.get(c.sentBy)?.name : undefined),
      (c) => (c.ruleId ? db.tables.rules.get(c.ruleId)?.name : undefined),
    ],
    time: (c) => c.sentAt,
    defaultSort: [{ field: 'sentAt', direction: 'desc' }],
  };
}

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

export function expiresAtOf(command: Command): number {
  return command.expiresAt ?? command.sentAt + COMMAND_DEFAULT_EXPIRY_S * 1000;
}

/**
 * A pending command is acknowledged once its delay has passed, with {@link acknowledgeResultOf}; one that nobody
 * acknowledges before it expires turns Failed. Settling on read (not with a timer) keeps the result across reloads
 * and makes it the same in every tab.
 */
function settle(db: WorldDb, command: Command, now: number): Command {
  if (command.status !== 1) return command;
  const result = acknowledgeResultIn(db, command);
  const ackAt = command.sentAt + acknowledgeDelayOf(command.id, command);
  const expiresAt = expiresAtOf(command);
  if (result !== null && ackAt < expiresAt) {
    if (now < ackAt) return command;
    return (
      db.tables.commands.update(command.id, {
        status: result,
        acknowledgedAt: ackAt,
        failureReason: result === 3 ? REJECTED : null,
      }) ?? command
    );
  }
  if (now < expiresAt) return command;
  return (
    db.tables.commands.update(command.id, {
      status: 3,
      failureReason: 'Expired: the device did not acknowledge it in time.',
    }) ?? command
  );
}

export function settleAll(db: WorldDb, rows: Command[]): { rows: Command[]; changed: boolean } {
  const now = Date.now();
  let changed = false;
  const settled = rows.map((c) => {
    const next = settle(db, c, now);
    if (next !== c) changed = true;
    return next;
  });
  return { rows: settled, changed };
}

export function commandScope(ctx: AuthContext, db: WorldDb): (command: Command) => boolean {
  const inScope = vehicleFilterFor(ctx);
  return (c) => {
    const vehicle = db.tables.vehicles.get(c.vehicleId);
    return vehicle !== undefined && inScope(vehicle);
  };
}

/** A command as the API answers it: ISO times, the vehicle, the sender's and the rule's names; no server-only fields. */
export function commandToApi(db: WorldDb, command: Command): ApiCommand {
  const { idempotencyKey: _key, ...row } = command as StoredCommand;
  const vehicle = db.tables.vehicles.get(command.vehicleId);
  return toApi<ApiCommand>({
    ...row,
    ruleId: command.ruleId ?? null,
    payload: command.payload ?? null,
    expiresAt: expiresAtOf(command),
    failureReason: command.failureReason ?? null,
    vehicleVin: vehicle?.vin ?? command.vehicleId,
    vehicleRegistration: vehicle?.registrationNumber ?? null,
    sentByName: command.sentBy ? (db.tables.users.get(command.sentBy)?.name ?? null) : null,
    ruleName: command.ruleId ? (db.tables.rules.get(command.ruleId)?.name ?? null) : null,
  });
}

/**
 * The command history (`/commands`, `/commands/{id}`): pending commands settle on read and expire to Failed. Sending
 * is `command-sends.ts`.
 */
export function createCommandHandlers(http: ApiHttp) {
  return [
    http.get('/commands', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: READ_KEYS });
      const spec = commandListSpec(db);
      const query = parseListQuery(new URL(request.url), spec);
      const scoped = Array.from(db.tables.commands.values()).filter(commandScope(ctx, db));
      const { rows, changed } = settleAll(db, scoped);
      if (changed) await db.persist();
      const page = applyListQuery(rows, query, spec);
      return response(200).json({ ...page, items: page.items.map((c) => commandToApi(db, c)) });
    }),

    http.get('/commands/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: READ_KEYS });
      const command = db.tables.commands.get(params.id);
      if (!command || !commandScope(ctx, db)(command)) throw notFound('Command');
      const settled = settle(db, command, Date.now());
      if (settled !== command) await db.persist();
      return response(200).json(commandToApi(db, settled));
    }),
  ];
}
