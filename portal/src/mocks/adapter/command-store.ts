import type { AuditStore } from '@services/audit/audit-chain';
import { expiryOf } from '@services/commands/command-expiry';
import type { CommandFilterField, CommandSortField } from '@services/commands/command-list-spec';
import type { CommandDeps, CommandPublisher, CommandStore, ExpiredCommand } from '@services/commands/command-store';
import type { FittedModel, NewCommand, TargetVehicle } from '@services/commands/command-types';
import type { VehicleScope } from '@services/vehicles/vehicle-scope';
import { COMMAND_DEFAULT_EXPIRY_S } from '@/domain/command-params';
import { vehicleTest } from '../handlers/lib/scope';
import { toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import type { ApiCommand, ApiNotification, Command, Vehicle } from '../world/types';
import { worldAuditStore } from './audit-store';
import { worldDeviceGroupStore } from './device-group-store';
import { worldRuleFiringStore } from './rule-firing-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { type UndoLog, worldTransact } from './world-transaction';

/** A stored command plus what only the services read: the idempotency key of its send and that send's fingerprint. */
export type StoredCommand = Command & { idempotencyKey?: string | null; requestHash?: string | null };

/** A command's deadline (epoch ms): the stored one, or the default expiry after it was sent (older rows). */
export function expiresAtOf(command: Command): number {
  return command.expiresAt ?? command.sentAt + COMMAND_DEFAULT_EXPIRY_S * 1000;
}

/** A command as the API answers it: ISO times, the vehicle, the sender's and the rule's names; no server-only fields. */
export function worldCommandToApi(db: WorldDb, command: Command): ApiCommand {
  const { idempotencyKey: _key, requestHash: _hash, ...row } = command as StoredCommand;
  const vehicle = db.tables.vehicles.get(command.vehicleId);
  return toApi<ApiCommand>({
    ...row,
    ruleId: command.ruleId ?? null,
    payload: command.payload ?? null,
    expiresAt: expiresAtOf(command),
    failureReason: command.failureReason ?? null,
    vehicleVin: vehicle?.vin ?? command.vehicleId,
    vehicleRegistration: vehicle?.registrationNumber || null,
    sentByName: command.sentBy ? (db.tables.users.get(command.sentBy)?.name ?? null) : null,
    ruleName: command.ruleId ? (db.tables.rules.get(command.ruleId)?.name ?? null) : null,
  });
}

/** Command fields as the list reads them: the in-memory counterpart of the SQL repository's columns and search. */
function commandColumns(db: WorldDb): MemoryListSpec<Command, CommandSortField, CommandFilterField> {
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
  };
}

const DEVICE_FIELD = { BMS: 'bmsId', MCU: 'mcuId', VCU: 'vcuId' } as const;
const DEVICE_TABLE = { BMS: 'bmsDevices', MCU: 'mcuDevices', VCU: 'vcuDevices' } as const;

/** A vehicle as a send's target: its model's commands and those of its fitted devices' models. */
function targetOf(db: WorldDb, vehicle: Vehicle): TargetVehicle {
  const commandsOf = (modelId: string | null | undefined) =>
    (modelId ? db.tables.models.get(modelId)?.commands : undefined) ?? [];
  const fitted: FittedModel[] = [{ kind: 'EV', deviceId: null, commands: commandsOf(vehicle.modelId) }];
  for (const kind of ['BMS', 'MCU', 'VCU'] as const) {
    const deviceId = vehicle[DEVICE_FIELD[kind]];
    const device = deviceId ? db.tables[DEVICE_TABLE[kind]].get(deviceId) : undefined;
    if (deviceId && device?.modelId) fitted.push({ kind, deviceId, commands: commandsOf(device.modelId) });
  }
  return { id: vehicle.id, vin: vehicle.vin, registrationNumber: vehicle.registrationNumber || null, fitted };
}

interface WorldCommandOptions {
  /** Vehicles the caller's active access grants add to their scope (decision 0079), a demo-only widening. */
  granted?: ((vehicle: Vehicle) => boolean) | undefined;
  /** Inside a transaction: where writes record what they overwrite. */
  undo?: UndoLog | undefined;
  /** Counts the rows written outside a transaction (the expiry sweep, acknowledgements), which the caller persists. */
  writes?: { count: number } | undefined;
}

/**
 * The CommandStore of the services over the demo world's command history (the seeded one and what the firmware
 * rollouts and the rule engine add to the same table).
 */
export function worldCommandStore(db: WorldDb, options: WorldCommandOptions = {}): CommandStore {
  const { undo, writes } = options;
  const inScope = (scope: VehicleScope) => {
    const test = vehicleTest(scope, options.granted);
    return (c: Command) => {
      const vehicle = db.tables.vehicles.get(c.vehicleId);
      return vehicle !== undefined && test(vehicle);
    };
  };
  const update = (id: string, changes: Partial<StoredCommand>) => {
    undo?.touch('commands', id);
    db.tables.commands.update(id, changes);
    if (writes) writes.count += 1;
  };
  return {
    async list(scope, query) {
      const rows = db.tables.commands.all().filter(inScope(scope));
      const { items, total } = memoryList(rows, query, commandColumns(db));
      return { items: items.map((c) => worldCommandToApi(db, c)), total };
    },
    async get(id, scope) {
      const command = db.tables.commands.get(id);
      return command && inScope(scope)(command) ? worldCommandToApi(db, command) : undefined;
    },
    async vehicleIdsOf(scope, query) {
      const rows = db.tables.commands.all().filter(inScope(scope));
      const all = { ...query, page: 1, pageSize: Number.MAX_SAFE_INTEGER, sort: [] };
      const ids = new Set(memoryList(rows, all, commandColumns(db)).items.map((c) => c.vehicleId));
      return [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    },
    async vehicle(id, scope) {
      const vehicle = db.tables.vehicles.get(id);
      return vehicle && vehicleTest(scope, options.granted)(vehicle) ? targetOf(db, vehicle) : undefined;
    },
    async vehicles(ids, scope) {
      const test = vehicleTest(scope, options.granted);
      return ids.flatMap((id) => {
        const vehicle = db.tables.vehicles.get(id);
        return vehicle && test(vehicle) ? [targetOf(db, vehicle)] : [];
      });
    },
    async expirePending(at, reason) {
      const now = new Date(at);
      const expired: ExpiredCommand[] = [];
      for (const command of db.tables.commands.values()) {
        const expiresAt = new Date(expiresAtOf(command)).toISOString();
        if (expiryOf({ status: command.status, expiresAt }, now) === null) continue;
        update(command.id, { status: 3, failureReason: reason });
        expired.push({
          id: command.id,
          vehicleId: command.vehicleId,
          deviceId: command.deviceId ?? null,
          ruleId: command.ruleId ?? null,
        });
      }
      return expired;
    },
    async acknowledge(id, status, at, reason) {
      const command = db.tables.commands.get(id);
      if (command?.status !== 1) return false;
      update(id, { status, acknowledgedAt: Date.parse(at), failureReason: reason });
      return true;
    },
    async sentWithKey(userId, key, at) {
      const now = Date.parse(at);
      return (db.tables.commands.all() as StoredCommand[])
        .filter((c) => c.idempotencyKey === key && c.sentBy === userId && expiresAtOf(c) > now)
        .map((c) => ({ requestHash: c.requestHash ?? '', command: worldCommandToApi(db, c) }));
    },
    async lockKey() {
      // The world lock (`worldTransact`) already runs one send at a time.
    },
    async ruleNotifications(ruleId, vehicleId, limit) {
      return db.tables.notifications
        .all()
        .filter((n) => n.ruleId === ruleId && n.vehicleId === vehicleId)
        .sort((a, b) => b.sentAt - a.sentAt)
        .slice(0, limit)
        .map((n) => ({
          id: n.id,
          deliveries: n.deliveries.map((d) => toApi<ApiNotification['deliveries'][number]>(d)),
        }));
    },
    async setNotificationDelivery(id, delivery) {
      undo?.touch('notifications', id);
      await worldRuleFiringStore(db).setDelivery(id, delivery);
    },
    async insert(command: NewCommand) {
      undo?.touch('commands', command.id);
      // A rule's name is read from the rules table (`worldCommandToApi`), not kept with the command.
      const { ruleName: _ruleName, ...fields } = command;
      const row: StoredCommand = {
        ...fields,
        sentAt: Date.parse(command.sentAt),
        expiresAt: Date.parse(command.expiresAt),
        acknowledgedAt: null,
        ruleId: command.ruleId ?? null,
        failureReason: null,
      };
      db.tables.commands.insert(row);
    },
  };
}

/**
 * The command services' dependencies over the demo world, for a caller whose grants widen their vehicle scope;
 * `publish` hands sent commands to the in-page broker. `writes` counts what reads wrote (the caller persists).
 */
export function worldCommandDeps(
  db: WorldDb,
  options: {
    granted?: ((vehicle: Vehicle) => boolean) | undefined;
    publish?: CommandPublisher;
    writes?: { count: number };
  } = {},
): CommandDeps {
  const { granted, writes } = options;
  return {
    commands: worldCommandStore(db, { granted, writes }),
    deviceGroups: worldDeviceGroupStore(db, { granted }),
    // Date.now, which the demo's tests move, as the settling of acknowledgements reads it.
    now: () => new Date(Date.now()),
    publish: options.publish ?? (() => undefined),
    transact: worldTransact(db, (undo): { commands: CommandStore; audit: AuditStore } => ({
      commands: worldCommandStore(db, { granted, undo }),
      audit: worldAuditStore(db, undo),
    })),
  };
}
