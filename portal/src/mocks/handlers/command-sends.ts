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
import type { Command, Vehicle } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { groupMembers, ownerInScope } from './lib/access-scope';
import { type AuthContext, allows, requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { FieldErrors, readJsonObject } from './lib/body';
import { conflict, forbidden, notFound, validationFailed } from './lib/http-error';
import { applyListQuery, parseListQuery } from './lib/list-query';
import { scopedVehicle, vehicleFilterFor } from './lib/scope';
import {
  acknowledgeDelayOf,
  acknowledgeResultIn,
  commandListSpec,
  commandScope,
  commandToApi,
  expiresAtOf,
  type StoredCommand,
  settleAll,
} from './commands';

type DeviceKind = components['schemas']['DeviceKind'];
type ModelCommand = components['schemas']['ModelCommand'];

/** The Commands keys of the device details pages, one per device kind. */
const DEVICE_SEND_KEYS = ['BMS.l.d.c', 'MCU.l.d.c', 'VCU.l.d.c'] as const satisfies readonly PermissionKey[];

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

/** Publishes a sent command to the simulated vehicle, which answers as {@link acknowledgeResultIn} says. */
function publish(db: WorldDb, broker: CommandBroker | undefined, command: Command): void {
  if (!broker) return;
  const result = acknowledgeResultIn(db, command);
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

/**
 * Sending commands (decision 0073): `POST /commands/preview` and `POST /commands/send` to one vehicle, a device group or
 * a history filter, and `POST /vehicles/{id}/commands` to one vehicle or one of its devices.
 */
export function createCommandSendHandlers(http: ApiHttp, { broker }: CommandHandlerOptions = {}) {
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
      await recordAudit(db, ctx, 'Command', command.id, 'Add', `Sent ${source.def.name} to ${vehicle.vin}`);
      created.push(command);
    }
    await db.persist();
    for (const command of created) publish(db, broker, command);
    return { status: 201, commands: created, skipped };
  }

  return [
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
