import { type RoleCode, type RoleType, roleTypeOf } from '@/domain/roles';
import type { WorldDb } from '../../world/db';
import type { DeviceGroupRecord, UserRecord, Vehicle } from '../../world/types';
import type { AuthContext } from './auth-context';
import { vehicleFilterFor } from './scope';

/**
 * Who manages whom (decision 0068). Role types whose roles (and accounts) a caller of each role type sees and
 * assigns: platform staff every type, an OEM its partners' types, a service centre its own, a fleet its own and its
 * drivers. Other types manage no one.
 */
const MANAGED_TYPES: Partial<Record<RoleType, readonly RoleType[]>> = {
  oem: ['oem', 'dealer', 'fleet', 'driver', 'evOwner'],
  dealer: ['dealer'],
  fleet: ['fleet', 'driver'],
};

/** True when the caller may see and assign roles of this code. */
export function managesRoleCode(ctx: AuthContext, code: RoleCode): boolean {
  if (ctx.roleType === 'platform') return true;
  return (MANAGED_TYPES[ctx.roleType] ?? []).includes(roleTypeOf(code));
}

/** True when the account is in the caller's scope: platform all, OEM its OEM's, service centre and fleet their own. */
export function userInScope(ctx: AuthContext, user: UserRecord): boolean {
  if (user.id === ctx.user.id) return true;
  if (ctx.roleType === 'platform') return true;
  if (!managesRoleCode(ctx, user.role)) return false;
  if (ctx.roleType === 'oem') return user.oemId !== undefined && user.oemId === ctx.user.oemId;
  if (ctx.roleType === 'dealer') return user.dealerId !== undefined && user.dealerId === ctx.user.dealerId;
  if (ctx.roleType === 'fleet') return user.fleetId !== undefined && user.fleetId === ctx.user.fleetId;
  return false;
}

export type OwnerKind = DeviceGroupRecord['ownerKind'];
export const OWNER_KINDS: readonly OwnerKind[] = ['dealer', 'fleet', 'evowner', 'driver'];
const OWNER_FIELD = { dealer: 'dealerId', fleet: 'fleetId', evowner: 'evOwnerId', driver: 'driverId' } as const;

/** The owner's name if it exists and the caller's scope holds it, else undefined. */
export function ownerInScope(ctx: AuthContext, db: WorldDb, kind: OwnerKind, id: string): { name: string } | undefined {
  const t = db.tables;
  const mine = ctx.user;
  switch (kind) {
    case 'dealer': {
      const d = t.dealers.get(id);
      if (!d) return undefined;
      if (ctx.roleType === 'oem') return d.oemId === mine.oemId ? d : undefined;
      if (ctx.roleType === 'dealer') return d.id === mine.dealerId ? d : undefined;
      return ctx.roleType === 'platform' ? d : undefined;
    }
    case 'fleet': {
      const f = t.fleets.get(id);
      if (!f) return undefined;
      if (ctx.roleType === 'oem') return f.oemId === mine.oemId ? f : undefined;
      if (ctx.roleType === 'dealer') return f.dealerId === mine.dealerId ? f : undefined;
      if (ctx.roleType === 'fleet') return f.id === mine.fleetId ? f : undefined;
      return ctx.roleType === 'platform' ? f : undefined;
    }
    case 'evowner': {
      const e = t.evOwners.get(id);
      if (!e) return undefined;
      if (ctx.roleType === 'oem') {
        const dealer = e.dealerId ? t.dealers.get(e.dealerId) : undefined;
        return dealer?.oemId === mine.oemId ? e : undefined;
      }
      if (ctx.roleType === 'dealer') return e.dealerId === mine.dealerId ? e : undefined;
      return ctx.roleType === 'platform' ? e : undefined;
    }
    case 'driver': {
      const d = t.drivers.get(id);
      if (!d) return undefined;
      if (ctx.roleType === 'oem') return t.fleets.get(d.fleetId)?.oemId === mine.oemId ? d : undefined;
      if (ctx.roleType === 'dealer') return t.fleets.get(d.fleetId)?.dealerId === mine.dealerId ? d : undefined;
      if (ctx.roleType === 'fleet') return d.fleetId === mine.fleetId ? d : undefined;
      return ctx.roleType === 'platform' ? d : undefined;
    }
  }
}

/** The vehicles of a group's owner that the caller sees (the candidates of a group). */
export function ownerVehicles(ctx: AuthContext, db: WorldDb, kind: OwnerKind, id: string): Vehicle[] {
  const field = OWNER_FIELD[kind];
  const inScope = vehicleFilterFor(ctx);
  const out: Vehicle[] = [];
  for (const v of db.tables.vehicles.values()) if (v[field] === id && inScope(v)) out.push(v);
  return out;
}

/** True when a vehicle matches a device group filter. */
export function matchesGroupFilter(vehicle: Vehicle, filter: DeviceGroupRecord['filter']): boolean {
  if (!filter) return true;
  if (filter.modelId && vehicle.modelId !== filter.modelId) return false;
  if (filter.status !== null && filter.status !== undefined && vehicle.status !== filter.status) return false;
  const q = filter.q?.trim().toLowerCase();
  if (q && !vehicle.registrationNumber.toLowerCase().includes(q) && !vehicle.vin.toLowerCase().includes(q))
    return false;
  return true;
}

/** The members of a group now: picked vehicles still owned and in scope, or the owner's vehicles matching the filter. */
export function groupMembers(ctx: AuthContext, db: WorldDb, group: DeviceGroupRecord): string[] {
  const candidates = ownerVehicles(ctx, db, group.ownerKind, group.ownerId);
  if (group.mode === 'pick') {
    const owned = new Set(candidates.map((v) => v.id));
    return group.vehicleIds.filter((id) => owned.has(id));
  }
  return candidates.filter((v) => matchesGroupFilter(v, group.filter)).map((v) => v.id);
}
