import type { PermissionKey } from '@/domain/permissions';
import type { WorldDb } from '../world/db';
import type {
  ApiDealer,
  ApiDriver,
  ApiEvOwner,
  ApiFleet,
  ApiOem,
  Dealer,
  Driver,
  EvOwner,
  Fleet,
  Oem,
} from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { vehicleFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';

const byName = [{ field: 'name', direction: 'asc' as const }];

export const OEM_LIST: ListSpec<Oem> = {
  sortable: { name: (o) => o.name, code: (o) => o.code, country: (o) => o.country, createdAt: (o) => o.createdAt },
  filterable: { status: (o) => o.status, country: (o) => o.country },
  searchable: [(o) => o.name, (o) => o.code],
  defaultSort: byName,
};
export const DEALER_LIST: ListSpec<Dealer> = {
  sortable: {
    name: (d) => d.name,
    code: (d) => d.code,
    city: (d) => d.city,
    status: (d) => d.status,
    createdAt: (d) => d.createdAt,
  },
  filterable: { oemId: (d) => d.oemId, status: (d) => d.status, city: (d) => d.city },
  searchable: [(d) => d.name, (d) => d.code, (d) => d.city, (d) => d.email],
  defaultSort: byName,
};
export const FLEET_LIST: ListSpec<Fleet> = {
  sortable: { name: (f) => f.name, city: (f) => f.city, status: (f) => f.status, createdAt: (f) => f.createdAt },
  filterable: { oemId: (f) => f.oemId, dealerId: (f) => f.dealerId, status: (f) => f.status, city: (f) => f.city },
  searchable: [(f) => f.name, (f) => f.city, (f) => f.email],
  defaultSort: byName,
};
export const EV_OWNER_LIST: ListSpec<EvOwner> = {
  sortable: { name: (o) => o.name, city: (o) => o.city, status: (o) => o.status, createdAt: (o) => o.createdAt },
  filterable: { dealerId: (o) => o.dealerId, status: (o) => o.status, city: (o) => o.city },
  searchable: [(o) => o.name, (o) => o.email, (o) => o.phone],
  defaultSort: byName,
};
export const DRIVER_LIST: ListSpec<Driver> = {
  sortable: {
    name: (d) => d.name,
    licenseExpiresOn: (d) => d.licenseExpiresOn ?? null,
    status: (d) => d.status,
    createdAt: (d) => d.createdAt,
  },
  filterable: { fleetId: (d) => d.fleetId, status: (d) => d.status },
  searchable: [(d) => d.name, (d) => d.phone, (d) => d.licenseNumber],
  defaultSort: byName,
};

/** Ids of one owner field over the caller's vehicles (how OEMs reach the EV owners of their vehicles). */
function idsOfScopedVehicles(ctx: AuthContext, db: WorldDb, field: 'evOwnerId' | 'fleetId'): Set<string> {
  const inScope = vehicleFilterFor(ctx);
  const ids = new Set<string>();
  for (const v of db.tables.vehicles.values()) {
    const id = v[field];
    if (id && inScope(v)) ids.add(id);
  }
  return ids;
}

/** A service centre the caller may see: a service centre itself, anyone else those of their OEM (all without one). */
export function dealerInScope(ctx: AuthContext, d: Dealer): boolean {
  const { oemId, dealerId } = ctx.user;
  return ctx.roleType === 'dealer' ? d.id === dealerId : !oemId || d.oemId === oemId;
}

/** A fleet the caller may see: platform all, an OEM its own, a service centre its fleets, a fleet or driver its own. */
export function fleetInScope(ctx: AuthContext, f: Fleet): boolean {
  const { oemId, dealerId, fleetId } = ctx.user;
  if (ctx.roleType === 'fleet' || ctx.roleType === 'driver') return f.id === fleetId;
  if (ctx.roleType === 'dealer') return f.dealerId === dealerId;
  return !oemId || f.oemId === oemId;
}

/**
 * An EV owner the caller may see: a service centre its own owners, an EV owner itself, an OEM the owners of its
 * vehicles and those its service centres look after (so an owner it adds, without vehicles yet, stays in its list).
 */
export function evOwnerInScope(ctx: AuthContext, db: WorldDb, o: EvOwner, ofVehicles?: Set<string>): boolean {
  if (ctx.roleType === 'dealer') return o.dealerId === ctx.user.dealerId;
  if (ctx.roleType === 'evOwner') return o.id === ctx.user.evOwnerId;
  if (ctx.roleType === 'oem') {
    if (o.dealerId && db.tables.dealers.get(o.dealerId)?.oemId === ctx.user.oemId) return true;
    return (ofVehicles ?? idsOfScopedVehicles(ctx, db, 'evOwnerId')).has(o.id);
  }
  return ctx.roleType !== 'fleet' && ctx.roleType !== 'driver';
}

/** A driver the caller may see: one of a fleet in its scope (EV owners see none). */
export function driverInScope(ctx: AuthContext, db: WorldDb, d: Driver): boolean {
  if (ctx.roleType === 'evOwner') return false;
  if (!['fleet', 'driver', 'dealer', 'oem'].includes(ctx.roleType)) return true;
  const fleet = db.tables.fleets.get(d.fleetId);
  return fleet !== undefined && fleetInScope(ctx, fleet);
}

/**
 * Organisation lists, scoped like vehicles: an OEM sees its own dealers, fleets, and the owners and drivers of its
 * vehicles; a service centre itself, its fleets and owners; a fleet itself and its drivers.
 */
export function createOrganisationHandlers(http: ApiHttp) {
  const guard = (ctx: AuthContext, keys: PermissionKey[]) => requirePermission(ctx, { anyOf: [...keys, 'vh.l'] });

  return [
    http.get('/oems', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      guard(ctx, ['oem.l', 'mm', 'cm']);
      const oemId = ctx.user.oemId;
      const rows = Array.from(db.tables.oems.values()).filter((o) => !oemId || o.id === oemId);
      const page = applyListQuery(rows, parseListQuery(new URL(request.url), OEM_LIST), OEM_LIST);
      return response(200).json({ ...page, items: page.items.map((o) => toApi<ApiOem>(o)) });
    }),

    http.get('/dealers', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      guard(ctx, ['sc.l']);
      const rows = Array.from(db.tables.dealers.values()).filter((d) => dealerInScope(ctx, d));
      const page = applyListQuery(rows, parseListQuery(new URL(request.url), DEALER_LIST), DEALER_LIST);
      return response(200).json({ ...page, items: page.items.map((d) => toApi<ApiDealer>(d)) });
    }),

    http.get('/fleets', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      guard(ctx, ['fleet.l']);
      const rows = Array.from(db.tables.fleets.values()).filter((f) => fleetInScope(ctx, f));
      const page = applyListQuery(rows, parseListQuery(new URL(request.url), FLEET_LIST), FLEET_LIST);
      return response(200).json({ ...page, items: page.items.map((f) => toApi<ApiFleet>(f)) });
    }),

    http.get('/ev-owners', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      guard(ctx, ['evo.l']);
      const scoped = ctx.roleType === 'oem' ? idsOfScopedVehicles(ctx, db, 'evOwnerId') : undefined;
      const rows = Array.from(db.tables.evOwners.values()).filter((o) => evOwnerInScope(ctx, db, o, scoped));
      const page = applyListQuery(rows, parseListQuery(new URL(request.url), EV_OWNER_LIST), EV_OWNER_LIST);
      return response(200).json({ ...page, items: page.items.map((o) => toApi<ApiEvOwner>(o)) });
    }),

    http.get('/drivers', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      guard(ctx, ['drv.l']);
      const rows = Array.from(db.tables.drivers.values()).filter((d) => driverInScope(ctx, db, d));
      const page = applyListQuery(rows, parseListQuery(new URL(request.url), DRIVER_LIST), DRIVER_LIST);
      return response(200).json({ ...page, items: page.items.map((d) => toApi<ApiDriver>(d)) });
    }),
  ];
}
