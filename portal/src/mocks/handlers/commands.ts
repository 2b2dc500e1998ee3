import { ACTION, type PermissionKey } from '@/domain/permissions';
import type { components } from '@/shared/api/schema';
import type { CommandRequest } from '@/shared/lib/live/topics';
import type { WorldDb } from '../world/db';
import { hashString } from '../world/prng';
import type { ApiCommand, Command } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { readJsonObject } from './lib/body';
import { notFound, validationFailed } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { scopedVehicle, vehicleFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';

type DeviceKind = components['schemas']['DeviceKind'];

const READ_KEYS: readonly PermissionKey[] = ['cmd', 'vh.l.d.c', 'BMS.l.d.c', 'MCU.l.d.c'];

export const COMMAND_LIST: ListSpec<Command> = {
  sortable: { sentAt: (c) => c.sentAt, status: (c) => c.status, code: (c) => c.code },
  filterable: {
    vehicleId: (c) => c.vehicleId,
    deviceId: (c) => c.deviceId,
    deviceKind: (c) => c.deviceKind,
    kind: (c) => c.kind,
    status: (c) => c.status,
    code: (c) => c.code,
  },
  searchable: [(c) => c.code, (c) => c.name],
  time: (c) => c.sentAt,
  defaultSort: [{ field: 'sentAt', direction: 'desc' }],
};

/** How long a demo device takes to acknowledge a command: 2 to 5 s, fixed per command. */
export function acknowledgeDelayOf(id: string): number {
  return 2000 + (hashString(id) % 3001);
}

/** How a demo device answers a command: Success, or Failed for about one in seven (fixed per id). */
export function acknowledgeResultOf(id: string): 2 | 3 {
  return hashString(`${id}:result`) % 7 === 0 ? 3 : 2;
}

/**
 * A pending command is acknowledged once its delay has passed, with {@link acknowledgeResultOf}.
 * Settling on read (not with a timer) keeps the result across reloads and makes it the same in every tab.
 */
function settle(db: WorldDb, command: Command, now: number): Command {
  if (command.status !== 1) return command;
  const ackAt = command.sentAt + acknowledgeDelayOf(command.id);
  if (now < ackAt) return command;
  const status = acknowledgeResultOf(command.id);
  return db.tables.commands.update(command.id, { status, acknowledgedAt: ackAt }) ?? command;
}

function settleAll(db: WorldDb, rows: Command[]): { rows: Command[]; changed: boolean } {
  const now = Date.now();
  let changed = false;
  const settled = rows.map((c) => {
    const next = settle(db, c, now);
    if (next !== c) changed = true;
    return next;
  });
  return { rows: settled, changed };
}

function commandScope(ctx: AuthContext, db: WorldDb): (command: Command) => boolean {
  const inScope = vehicleFilterFor(ctx);
  return (c) => {
    const vehicle = db.tables.vehicles.get(c.vehicleId);
    return vehicle !== undefined && inScope(vehicle);
  };
}

const DEVICE_FIELD = { BMS: 'bmsId', MCU: 'mcuId', VCU: 'vcuId' } as const;
const DEVICE_TABLE = { BMS: 'bmsDevices', MCU: 'mcuDevices', VCU: 'vcuDevices' } as const;

/** Where a sent command goes as the backend would publish it: the demo's in-page broker emulation. */
export interface CommandBroker {
  sendCommand(request: Omit<CommandRequest, 'v' | 'ts'>): void;
}

export interface CommandHandlerOptions {
  /**
   * With a broker, a sent command is also published as a command request, so the simulated vehicle acknowledges it
   * live (with the same result the REST history settles to).
   */
  broker?: CommandBroker;
}

/** Command history, sending a command, and its acknowledgement. */
export function createCommandHandlers(http: ApiHttp, { broker }: CommandHandlerOptions = {}) {
  return [
    http.get('/commands', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: READ_KEYS });
      const query = parseListQuery(new URL(request.url), COMMAND_LIST);
      const scoped = Array.from(db.tables.commands.values()).filter(commandScope(ctx, db));
      const { rows, changed } = settleAll(db, scoped);
      if (changed) await db.persist();
      const page = applyListQuery(rows, query, COMMAND_LIST);
      return response(200).json({ ...page, items: page.items.map((c) => toApi<ApiCommand>(c)) });
    }),

    http.get('/commands/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: READ_KEYS });
      const command = db.tables.commands.get(params.id);
      if (!command || !commandScope(ctx, db)(command)) throw notFound('Command');
      const settled = settle(db, command, Date.now());
      if (settled !== command) await db.persist();
      return response(200).json(toApi<ApiCommand>(settled));
    }),

    http.post('/vehicles/{id}/commands', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      // Send Command on a vehicle, or the Commands area of a BMS or MCU (their details pages send device commands).
      requirePermission(ctx, { anyOf: ['vh.l.d.c.s', 'BMS.l.d.c', 'MCU.l.d.c'] }, ACTION.ADD);
      const vehicle = scopedVehicle(ctx, db, params.id);
      if (!vehicle) throw notFound('Vehicle');
      const body = await readJsonObject(request);
      const code = typeof body.code === 'string' ? body.code : '';
      // The commands a vehicle accepts: its model's, and those of the models of its fitted devices.
      const sources: { kind: DeviceKind; deviceId: string | null; modelId: string | null }[] = [
        { kind: 'EV', deviceId: null, modelId: vehicle.modelId },
        ...(['BMS', 'MCU', 'VCU'] as const).map((kind) => {
          const deviceId = vehicle[DEVICE_FIELD[kind]];
          const modelId = deviceId ? (db.tables[DEVICE_TABLE[kind]].get(deviceId)?.modelId ?? null) : null;
          return { kind, deviceId, modelId };
        }),
      ];
      for (const source of sources) {
        const def = source.modelId
          ? db.tables.models.get(source.modelId)?.commands.find((c) => c.code === code)
          : undefined;
        if (!def) continue;
        const command: Command = {
          id: `cmd-${crypto.randomUUID()}`,
          vehicleId: vehicle.id,
          deviceId: source.deviceId,
          deviceKind: source.kind,
          code: def.code,
          name: def.name,
          kind: 'Device',
          status: 1,
          sentAt: Date.now(),
          acknowledgedAt: null,
          sentBy: ctx.user.id,
        };
        db.tables.commands.insert(command);
        recordAudit(db, ctx, 'Command', command.id, 'Add', `Sent ${def.name} to ${vehicle.vin}`);
        await db.persist();
        broker?.sendCommand({
          commandId: command.id,
          vehicleUid: vehicle.id,
          ...(command.deviceId ? { deviceUid: command.deviceId } : {}),
          kind: 'Device',
          name: def.code,
          ...(acknowledgeResultOf(command.id) === 3 ? { params: { simulate: 'fail' } } : {}),
        });
        return response(201).json(toApi<ApiCommand>(command));
      }
      throw validationFailed({ code: 'Choose a command of this vehicle model.' });
    }),
  ];
}
