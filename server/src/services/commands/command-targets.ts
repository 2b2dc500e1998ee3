import { COMMAND_MAX_TARGETS } from '@/domain/command-params';
import { groupMembers } from '../device-groups/device-group-fields';
import { ownerInScope, ownerScopeOf } from '../device-groups/owner-scope';
import { notFound, validationFailed } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { type ListParams, type ListQuery, parseListQuery } from '../lib/list-query';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import { COMMAND_LIST, type CommandFilterField, type CommandSortField } from './command-list-spec';
import type { CommandDeps } from './command-store';
import { COMMAND_DEVICE_KINDS, type DeviceKind, type ModelCommand, type TargetVehicle } from './command-types';

/** A send's target resolved: one vehicle, or the vehicles of a group or history filter in the caller's scope. */
export type Target =
  | { kind: 'vehicle'; vehicle: TargetVehicle }
  | { kind: 'group' | 'filter'; vehicles: TargetVehicle[]; total: number; truncated: boolean };

/** A command a vehicle accepts, from its model or a fitted device's model. */
export interface CommandSource {
  kind: DeviceKind;
  deviceId: string | null;
  def: ModelCommand;
}

/** The commands a vehicle accepts: its model's, then those of its fitted BMS, MCU and VCU models (first match wins). */
export function commandsOf(vehicle: TargetVehicle): CommandSource[] {
  return COMMAND_DEVICE_KINDS.flatMap((kind) =>
    vehicle.fitted
      .filter((f) => f.kind === kind)
      .flatMap((f) => f.commands.map((def) => ({ kind, deviceId: f.deviceId, def }))),
  );
}

export function sourceOf(vehicle: TargetVehicle, code: string): CommandSource | undefined {
  return commandsOf(vehicle).find((s) => s.def.code === code);
}

export function targetVehicles(target: Target): TargetVehicle[] {
  return target.kind === 'vehicle' ? [target.vehicle] : target.vehicles;
}

/** What the sender must type before a safety-critical command goes out (decision 0073). */
export function confirmationWordFor(target: Target, code: string): string {
  if (target.kind === 'vehicle') return target.vehicle.registrationNumber || target.vehicle.vin;
  return code;
}

const FILTER_FIELDS = ['kind', 'status', 'vehicleId', 'code'] as const;
const RANGE_FIELDS = ['q', 'from', 'to'] as const;

/** A target as the request gives it, normalised (what the idempotency fingerprint covers). */
export type TargetInput =
  | { vehicleId: string }
  | { deviceGroupId: string }
  | { commandFilter: Partial<Record<(typeof FILTER_FIELDS)[number] | (typeof RANGE_FIELDS)[number], string>> };

/** Checks a target's shape: exactly one of a vehicle, a device group or a history filter. 400 on `target` otherwise. */
export function readTarget(raw: unknown): TargetInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw validationFailed({ target: 'Choose a vehicle, a device group or a filter.' });
  }
  const t = raw as Record<string, unknown>;
  const given = ['vehicleId', 'deviceGroupId', 'commandFilter'].filter((k) => t[k] !== undefined && t[k] !== null);
  if (given.length !== 1) {
    throw validationFailed({ target: 'Choose exactly one: a vehicle, a device group or a filter.' });
  }
  if (typeof t.vehicleId === 'string' && t.vehicleId !== '') return { vehicleId: t.vehicleId };
  if (typeof t.deviceGroupId === 'string' && t.deviceGroupId !== '') return { deviceGroupId: t.deviceGroupId };
  if (typeof t.commandFilter === 'object' && t.commandFilter !== null && !Array.isArray(t.commandFilter)) {
    const f = t.commandFilter as Record<string, unknown>;
    const out: Record<string, string> = {};
    for (const key of [...FILTER_FIELDS, ...RANGE_FIELDS]) {
      if (typeof f[key] === 'string' && f[key] !== '') out[key] = f[key] as string;
    }
    return { commandFilter: out };
  }
  throw validationFailed({ target: 'Choose a vehicle, a device group or a filter.' });
}

/**
 * Resolves a target to the vehicles in the caller's scope: a vehicle or a device group outside it is 404 (a group is
 * the caller's when its owner is in their owner scope, its members those of the device group services), a history
 * filter reaches the vehicles of the matching commands they see. At most {@link COMMAND_MAX_TARGETS} vehicles.
 */
export async function resolveTarget(deps: CommandDeps, caller: Caller, input: TargetInput): Promise<Target> {
  const scope = vehicleScopeOf(caller);
  if ('vehicleId' in input) {
    const vehicle = await deps.commands.vehicle(input.vehicleId, scope);
    if (!vehicle) throw notFound('Vehicle');
    return { kind: 'vehicle', vehicle };
  }
  let ids: string[];
  let kind: 'group' | 'filter';
  if ('deviceGroupId' in input) {
    const group = await deps.deviceGroups.get(input.deviceGroupId);
    const owner = group && (await deps.deviceGroups.owner(group.ownerKind, group.ownerId));
    if (!group || !owner || !ownerInScope(ownerScopeOf(caller), owner)) throw notFound('Device group');
    ids = await groupMembers(deps.deviceGroups, caller, group);
    kind = 'group';
  } else {
    const f = input.commandFilter;
    const params: ListParams = { filter: {} };
    for (const key of FILTER_FIELDS) if (f[key] !== undefined) (params.filter as Record<string, string>)[key] = f[key];
    for (const key of RANGE_FIELDS) if (f[key] !== undefined) params[key] = f[key];
    let query: ListQuery<CommandSortField, CommandFilterField>;
    try {
      query = parseListQuery(params, COMMAND_LIST);
    } catch {
      throw validationFailed({ target: 'This filter is not one the command history accepts.' });
    }
    ids = await deps.commands.vehicleIdsOf(scope, query);
    kind = 'filter';
  }
  const reached = await deps.commands.vehicles(ids.slice(0, COMMAND_MAX_TARGETS + 1), scope);
  const total = ids.length;
  return {
    kind,
    vehicles: reached.slice(0, COMMAND_MAX_TARGETS),
    total,
    truncated: total > COMMAND_MAX_TARGETS,
  };
}
