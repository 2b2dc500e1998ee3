import {
  COMMAND_DEFAULT_EXPIRY_S,
  COMMAND_MAX_EXPIRY_S,
  COMMAND_MAX_TARGETS,
  COMMAND_MIN_EXPIRY_S,
  type CommandPayloadValues,
  cleanCommandPayload,
  commandPayloadErrors,
} from '@/domain/command-params';
import { ACTION, type PermissionKey } from '@/domain/permissions';
import type { components } from '@/domain/api-schema';
import type { CommandRequest } from '@/domain/live-payloads';
import type { WorldDb } from '../world/db';
import { hashString } from '../world/prng';
import type { ApiCommand, Command, Vehicle } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { groupMembers, ownerInScope } from './lib/access-scope';
import { type AuthContext, allows, requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { FieldErrors, readJsonObject } from './lib/body';
import { conflict, forbidden, notFound, validationFailed } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { scopedVehicle, vehicleFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';

type DeviceKind = components['schemas']['DeviceKind'];
type ModelCommand = components['schemas']['ModelCommand'];

/** The Commands keys of the device details pages, one per device kind. */
const DEVICE_SEND_KEYS = ['BMS.l.d.c', 'MCU.l.d.c', 'VCU.l.d.c'] as const satisfies readonly PermissionKey[];
const READ_KEYS: readonly PermissionKey[] = ['cmd', 'vh.l.d.c', 'BMS.l.d.c', 'MCU.l.d.c', 'VCU.l.d.c'];

/** A stored command plus what only the server keeps: the idempotency key of the request that sent it. */
type StoredCommand = Command & { idempotencyKey?: string | null };

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
 * How a demo vehicle answers a command: about one vehicle in ten is out of coverage and never answers (its commands
 * expire and fail); otherwise the device rejects about one command code in seven (fixed per vehicle and code, as a
 * firmware that lacks it would) and accepts the rest. `null`: no answer.
 */
export function acknowledgeResultOf(command: Pick<Command, 'vehicleId' | 'code'>): 2 | 3 | null {
  if (hashString(`${command.vehicleId}:coverage`) % 10 === 0) return null;
  return hashString(`${command.vehicleId}:${command.code}:result`) % 7 === 0 ? 3 : 2;
}

const REJECTED = 'Rejected by the device.';

function expiresAtOf(command: Command): number {
  return command.expiresAt ?? command.sentAt + COMMAND_DEFAULT_EXPIRY_S * 1000;
}

/**
 * A pending command is acknowledged once its delay has passed, with {@link acknowledgeResultOf}; one that nobody
 * acknowledges before it expires turns Failed. Settling on read (not with a timer) keeps the result across reloads
 * and makes it the same in every tab.
 */
function settle(db: WorldDb, command: Command, now: number): Command {
  if (command.status !== 1) return command;
  const result = acknowledgeResultOf(command);
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

/** A command as the API answers it: ISO times, the vehicle, the sender's and the rule's names; no server-only fields. */
function commandToApi(db: WorldDb, command: Command): ApiCommand {
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

const DEVICE_FIELD = { BMS: 'bmsId', MCU: 'mcuId', VCU: 'vcuId' } as const;
const DEVICE_TABLE = { BMS: 'bmsDevices', MCU: 'mcuDevices', VCU: 'vcuDevices' } as const;

interface CommandSource {
  kind: DeviceKind;
  deviceId: string | null;
  def: ModelCommand;
}

/** The commands a vehicle accepts: its model's, and those of the models of its fitted devices. */
function commandsOf(db: WorldDb, vehicle: Vehicle): CommandSource[] {
  const sources: { kind: DeviceKind; deviceId: string | null; modelId: string | null }[] = [
    { kind: 'EV', deviceId: null, modelId: vehicle.modelId },
    ...(['BMS', 'MCU', 'VCU'] as const).map((kind) => {
      const deviceId = vehicle[DEVICE_FIELD[kind]];
      const modelId = deviceId ? (db.tables[DEVICE_TABLE[kind]].get(deviceId)?.modelId ?? null) : null;
      return { kind, deviceId, modelId };
    }),
  ];
  return sources.flatMap((source) =>
    (source.modelId ? (db.tables.models.get(source.modelId)?.commands ?? []) : []).map((def) => ({
      kind: source.kind,
      deviceId: source.deviceId,
      def,
    })),
  );
}

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

/** Creates one pending command (the caller audits and persists). */
function createCommand(
  db: WorldDb,
  ctx: AuthContext,
  vehicle: Vehicle,
  source: CommandSource,
  fields: { payload: CommandPayloadValues | null; expiresInS: number; idempotencyKey: string | null },
): StoredCommand {
  const sentAt = Date.now();
  const command: StoredCommand = {
    id: `cmd-${crypto.randomUUID()}`,
    vehicleId: vehicle.id,
    deviceId: source.deviceId,
    deviceKind: source.kind,
    code: source.def.code,
    name: source.def.name,
    kind: 'Device',
    status: 1,
    sentAt,
    acknowledgedAt: null,
    sentBy: ctx.user.id,
    ruleId: null,
    payload: fields.payload,
    expiresAt: sentAt + fields.expiresInS * 1000,
    failureReason: null,
    idempotencyKey: fields.idempotencyKey,
  };
  db.tables.commands.insert(command);
  return command;
}

/** Publishes a sent command to the simulated vehicle, which answers as {@link acknowledgeResultOf} says. */
function publish(broker: CommandBroker | undefined, command: Command): void {
  if (!broker) return;
  const result = acknowledgeResultOf(command);
  const params: Record<string, string | number | boolean> = { ...(command.payload ?? {}) };
  if (result === null) params.simulate = 'timeout';
  else if (result === 3) params.simulate = 'fail';
  // The live acknowledgement comes when the REST history settles, not earlier.
  if (result !== null) params.simulateDelayMs = acknowledgeDelayOf(command.id, command);
  broker.sendCommand({
    commandId: command.id,
    vehicleUid: command.vehicleId,
    ...(command.deviceId ? { deviceUid: command.deviceId } : {}),
    kind: 'Device',
    name: command.code,
    ...(Object.keys(params).length > 0 ? { params } : {}),
  });
}

type Target =
  | { kind: 'vehicle'; vehicle: Vehicle }
  | { kind: 'group' | 'filter'; vehicles: Vehicle[]; total: number; truncated: boolean };

/** Resolves a send target to the vehicles in the caller's scope; 404 for a vehicle or group it cannot see. */
function resolveTarget(ctx: AuthContext, db: WorldDb, raw: unknown): Target {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw validationFailed({ target: 'Choose a vehicle, a device group or a filter.' });
  }
  const t = raw as Record<string, unknown>;
  const given = ['vehicleId', 'deviceGroupId', 'commandFilter'].filter((k) => t[k] !== undefined && t[k] !== null);
  if (given.length !== 1)
    throw validationFailed({ target: 'Choose exactly one: a vehicle, a device group or a filter.' });
  if (typeof t.vehicleId === 'string') {
    const vehicle = scopedVehicle(ctx, db, t.vehicleId);
    if (!vehicle) throw notFound('Vehicle');
    return { kind: 'vehicle', vehicle };
  }
  const inScope = vehicleFilterFor(ctx);
  let ids: string[];
  let kind: 'group' | 'filter';
  if (typeof t.deviceGroupId === 'string') {
    const group = db.tables.deviceGroups.get(t.deviceGroupId);
    if (!group || !ownerInScope(ctx, db, group.ownerKind, group.ownerId)) throw notFound('Device group');
    ids = groupMembers(ctx, db, group);
    kind = 'group';
  } else if (typeof t.commandFilter === 'object' && t.commandFilter !== null) {
    const f = t.commandFilter as Record<string, unknown>;
    const url = new URL('http://demo/commands');
    for (const key of ['kind', 'status', 'vehicleId', 'code'] as const) {
      if (typeof f[key] === 'string' && f[key] !== '') url.searchParams.set(`filter[${key}]`, f[key] as string);
    }
    for (const key of ['q', 'from', 'to'] as const) {
      if (typeof f[key] === 'string' && f[key] !== '') url.searchParams.set(key, f[key] as string);
    }
    const spec = commandListSpec(db);
    const query = { ...parseListQuery(url, spec), page: 1, pageSize: Number.MAX_SAFE_INTEGER, sort: [] };
    const rows = Array.from(db.tables.commands.values()).filter(commandScope(ctx, db));
    ids = [...new Set(applyListQuery(rows, query, spec).items.map((c) => c.vehicleId))];
    kind = 'filter';
  } else {
    throw validationFailed({ target: 'Choose a vehicle, a device group or a filter.' });
  }
  const vehicles = ids.flatMap((id) => {
    const v = db.tables.vehicles.get(id);
    return v && inScope(v) ? [v] : [];
  });
  return {
    kind,
    vehicles: vehicles.slice(0, COMMAND_MAX_TARGETS),
    total: vehicles.length,
    truncated: vehicles.length > COMMAND_MAX_TARGETS,
  };
}

function targetVehicles(target: Target): Vehicle[] {
  return target.kind === 'vehicle' ? [target.vehicle] : target.vehicles;
}

function vehicleSummary(v: Vehicle) {
  return { id: v.id, vin: v.vin, registrationNumber: v.registrationNumber ?? null };
}

/** What the sender must type before a safety-critical command goes out. */
export function confirmationWordFor(target: Target, code: string): string {
  if (target.kind === 'vehicle') return target.vehicle.registrationNumber || target.vehicle.vin;
  return code;
}

/** Command history, sending a command, and its acknowledgement. */
export function createCommandHandlers(http: ApiHttp, { broker }: CommandHandlerOptions = {}) {
  /**
   * Checks a send and creates its commands, all or none: the command exists for the target, the payload fits its
   * parameters, the expiry is in range, a safety-critical command is confirmed; a repeat of an idempotency key within
   * its expiry answers the first send's commands.
   */
  async function send(ctx: AuthContext, db: WorldDb, target: Target, body: Record<string, unknown>) {
    const errors = new FieldErrors();
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    const vehicles = targetVehicles(target);
    if (target.kind !== 'vehicle' && target.truncated) {
      errors.add(
        'target',
        `This target holds ${target.total} vehicles; one send reaches at most ${COMMAND_MAX_TARGETS}.`,
      );
    }
    if (vehicles.length === 0) errors.add('target', 'The target holds no vehicles you can reach.');
    const key = body.idempotencyKey;
    if (key !== undefined && (typeof key !== 'string' || key.length < 8 || key.length > 100)) {
      errors.add('idempotencyKey', 'The idempotency key must be 8 to 100 characters.');
    }
    const idempotencyKey = typeof key === 'string' && key.length >= 8 && key.length <= 100 ? key : null;

    // A repeat within the expiry is the same send: answer its commands, create nothing.
    if (idempotencyKey) {
      const now = Date.now();
      const earlier = Array.from(db.tables.commands.values()).filter(
        (c) =>
          (c as StoredCommand).idempotencyKey === idempotencyKey && c.sentBy === ctx.user.id && now < expiresAtOf(c),
      );
      if (earlier.length > 0) {
        if (earlier.some((c) => c.code !== code)) {
          throw conflict('This idempotency key was already used for another command.', {
            idempotencyKey: 'Already used for another command; start a new send.',
          });
        }
        const { rows, changed } = settleAll(db, earlier);
        if (changed) await db.persist();
        return { status: 200, commands: rows, skipped: [] as { vehicleId: string; vin: string; reason: string }[] };
      }
    }

    const expiresInS = body.expiresInS === undefined ? COMMAND_DEFAULT_EXPIRY_S : body.expiresInS;
    if (
      typeof expiresInS !== 'number' ||
      !Number.isInteger(expiresInS) ||
      expiresInS < COMMAND_MIN_EXPIRY_S ||
      expiresInS > COMMAND_MAX_EXPIRY_S
    ) {
      errors.add(
        'expiresInS',
        `Expiry must be a whole number of seconds from ${COMMAND_MIN_EXPIRY_S} to ${COMMAND_MAX_EXPIRY_S}.`,
      );
    }
    const plan = vehicles.map((vehicle) => ({
      vehicle,
      source: commandsOf(db, vehicle).find((s) => s.def.code === code),
    }));
    const def = plan.find((p) => p.source)?.source?.def;
    if (!code) errors.add('code', 'Choose a command.');
    else if (!def) {
      errors.add(
        'code',
        target.kind === 'vehicle'
          ? 'Choose a command of this vehicle model.'
          : 'No vehicle of this target has this command.',
      );
    }
    const rawParams = body.params ?? {};
    if (typeof rawParams !== 'object' || rawParams === null || Array.isArray(rawParams)) {
      errors.add('params', 'Parameters must be an object.');
    } else if (def) {
      for (const [name, message] of Object.entries(
        commandPayloadErrors(def.parameters, rawParams as Record<string, unknown>),
      )) {
        errors.add(`params.${name}`, message);
      }
    }
    if (def?.safetyCritical) {
      const word = confirmationWordFor(target, code);
      const typed = typeof body.confirmation === 'string' ? body.confirmation.trim().toUpperCase() : '';
      if (typed !== word.toUpperCase()) {
        errors.add('confirmation', `${def.name} is safety-critical: type ${word} to confirm.`);
      }
    }
    errors.throwIfAny();

    const payload = def?.parameters?.length
      ? cleanCommandPayload(def.parameters, rawParams as Record<string, unknown>)
      : null;
    const created: Command[] = [];
    const skipped: { vehicleId: string; vin: string; reason: string }[] = [];
    for (const { vehicle, source } of plan) {
      if (!source) {
        skipped.push({ vehicleId: vehicle.id, vin: vehicle.vin, reason: 'Its model has no such command.' });
        continue;
      }
      const command = createCommand(db, ctx, vehicle, source, {
        payload,
        expiresInS: expiresInS as number,
        idempotencyKey,
      });
      recordAudit(db, ctx, 'Command', command.id, 'Add', `Sent ${source.def.name} to ${vehicle.vin}`);
      created.push(command);
    }
    await db.persist();
    for (const command of created) publish(broker, command);
    return { status: 201, commands: created, skipped };
  }

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

    http.post('/commands/preview', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'cmd', ACTION.ADD);
      const body = await readJsonObject(request);
      const target = resolveTarget(ctx, db, body.target);
      const vehicles = targetVehicles(target);
      const byCode = new Map<string, ModelCommand & { deviceKind: DeviceKind; vehicleCount: number }>();
      for (const vehicle of vehicles) {
        const seen = new Set<string>();
        for (const source of commandsOf(db, vehicle)) {
          if (seen.has(source.def.code)) continue;
          seen.add(source.def.code);
          const entry = byCode.get(source.def.code);
          if (entry) entry.vehicleCount += 1;
          else byCode.set(source.def.code, { ...source.def, deviceKind: source.kind, vehicleCount: 1 });
        }
      }
      return response(200).json({
        vehicleCount: target.kind === 'vehicle' ? 1 : target.total,
        truncated: target.kind === 'vehicle' ? false : target.truncated,
        vehicles: vehicles.slice(0, 5).map(vehicleSummary),
        commands: [...byCode.values()],
      });
    }),

    http.post('/commands/send', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'cmd', ACTION.ADD);
      const body = await readJsonObject(request);
      const target = resolveTarget(ctx, db, body.target);
      const result = await send(ctx, db, target, body);
      return response(result.status as 201).json({
        commands: result.commands.map((c) => commandToApi(db, c)),
        skipped: result.skipped,
        replayed: result.status === 200,
      });
    }),

    http.post('/vehicles/{id}/commands', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      // Send Command on a vehicle (any of its commands), or the Commands area of a BMS, MCU or VCU (their details
      // pages send their own device's commands only, decision 0085).
      requirePermission(ctx, { anyOf: ['vh.l.d.c.s', ...DEVICE_SEND_KEYS] }, ACTION.ADD);
      const vehicle = scopedVehicle(ctx, db, params.id);
      if (!vehicle) throw notFound('Vehicle');
      const body = await readJsonObject(request);
      const kind = commandsOf(db, vehicle).find((s) => s.def.code === body.code)?.kind;
      if (
        kind &&
        !allows(ctx, 'vh.l.d.c.s', ACTION.ADD) &&
        (kind === 'EV' || !allows(ctx, `${kind}.l.d.c`, ACTION.ADD))
      ) {
        throw forbidden();
      }
      const result = await send(ctx, db, { kind: 'vehicle', vehicle }, body);
      const command = result.commands[0];
      if (!command) throw validationFailed({ code: 'Choose a command of this vehicle model.' });
      return response(result.status as 201).json(commandToApi(db, command));
    }),
  ];
}
