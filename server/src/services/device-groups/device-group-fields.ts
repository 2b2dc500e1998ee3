import { FieldErrors } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import type { DeviceGroupStore } from './device-group-store';
import {
  type DeviceGroupRecord,
  type GroupFilter,
  type GroupMode,
  type GroupOwner,
  type MemberVehicle,
  OWNER_KINDS,
  type OwnerKind,
} from './device-group-types';
import { ownerInScope, ownerScopeOf } from './owner-scope';

/** True when a vehicle matches a group's filter: every given field (an empty filter matches every vehicle). */
export function matchesGroupFilter(vehicle: MemberVehicle, filter: GroupFilter | null): boolean {
  if (!filter) return true;
  if (filter.modelId && vehicle.modelId !== filter.modelId) return false;
  if (filter.status !== null && filter.status !== undefined && vehicle.status !== filter.status) return false;
  const q = filter.q?.trim().toLowerCase();
  if (q && !vehicle.registrationNumber.toLowerCase().includes(q) && !vehicle.vin.toLowerCase().includes(q)) {
    return false;
  }
  return true;
}

/** The members of a group among candidate vehicles (the owner's, in the caller's scope): the picked ones, or those matching the filter. */
export function membersAmong(
  group: Pick<DeviceGroupRecord, 'mode' | 'vehicleIds' | 'filter'>,
  candidates: readonly MemberVehicle[],
): string[] {
  if (group.mode === 'pick') {
    const owned = new Set(candidates.map((v) => v.id));
    return group.vehicleIds.filter((id) => owned.has(id));
  }
  return candidates.filter((v) => matchesGroupFilter(v, (group.filter ?? null) as GroupFilter | null)).map((v) => v.id);
}

/** The members of a group now, among the owner's vehicles the caller sees. */
export async function groupMembers(
  store: DeviceGroupStore,
  caller: Caller,
  group: DeviceGroupRecord,
): Promise<string[]> {
  return membersAmong(group, await store.ownerVehicles(group.ownerKind, group.ownerId, vehicleScopeOf(caller)));
}

async function readFilter(store: DeviceGroupStore, errors: FieldErrors, value: unknown): Promise<GroupFilter> {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const modelId = typeof raw.modelId === 'string' && raw.modelId !== '' ? raw.modelId : null;
  if (modelId && !(await store.modelExists(modelId))) errors.add('filter.modelId', 'Choose a known model.');
  const status = raw.status === 0 || raw.status === 1 ? raw.status : null;
  if (raw.status !== undefined && raw.status !== null && status === null) {
    errors.add('filter.status', 'Choose active, inactive or any.');
  }
  const q = typeof raw.q === 'string' && raw.q.trim() !== '' ? raw.q.trim().slice(0, 60) : null;
  return { modelId, status, q };
}

export type GroupFields = Omit<DeviceGroupRecord, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Reads and checks a whole group (create and edit send every field); throws 400 with every field error. The owner
 * must exist and be in the caller's owner scope; picked vehicles must be the owner's, among those the caller sees.
 */
export async function readGroupFields(
  store: DeviceGroupStore,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<{ fields: GroupFields; owner: GroupOwner }> {
  const errors = new FieldErrors();
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) errors.add('name', 'Enter a name.');
  else if (name.length > 80) errors.add('name', 'Use at most 80 characters.');
  const description = typeof body.description === 'string' ? body.description.trim().slice(0, 240) : '';
  const ownerKind = OWNER_KINDS.includes(body.ownerKind as OwnerKind) ? (body.ownerKind as OwnerKind) : undefined;
  if (!ownerKind) errors.add('ownerKind', 'Choose who owns the group: a service centre, fleet, EV owner or driver.');
  const ownerId = typeof body.ownerId === 'string' ? body.ownerId : '';
  const owner = ownerKind && ownerId ? await store.owner(ownerKind, ownerId) : undefined;
  if (ownerKind && (!owner || !ownerInScope(ownerScopeOf(caller), owner))) {
    errors.add('ownerId', 'Choose the owner of the group.');
  }
  const mode: GroupMode | undefined = body.mode === 'pick' || body.mode === 'filter' ? body.mode : undefined;
  if (!mode) errors.add('mode', 'Choose to pick vehicles or to build the group by a filter.');
  let vehicleIds: string[] = [];
  let filter: GroupFilter | null = null;
  if (mode === 'pick') {
    const raw = body.vehicleIds;
    if (!Array.isArray(raw) || raw.some((id) => typeof id !== 'string') || raw.length === 0) {
      errors.add('vehicleIds', 'Pick at least one vehicle.');
    } else if (ownerKind && owner && !errors.has('ownerId')) {
      const owned = new Set((await store.ownerVehicles(ownerKind, ownerId, vehicleScopeOf(caller))).map((v) => v.id));
      const foreign = (raw as string[]).filter((id) => !owned.has(id));
      if (foreign.length > 0) {
        errors.add('vehicleIds', `Not vehicles of this owner: ${foreign.slice(0, 5).join(', ')}.`);
      }
      vehicleIds = [...new Set(raw as string[])];
    }
  } else if (mode === 'filter') {
    filter = await readFilter(store, errors, body.filter);
  }
  errors.throwIfAny();
  if (!ownerKind || !owner || !mode) throw new Error('unreachable: fields were checked');
  return { fields: { name, description, ownerKind, ownerId, mode, filter, vehicleIds }, owner };
}
