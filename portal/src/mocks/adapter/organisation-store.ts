import type { AuditStore } from '@services/audit/audit-chain';
import { eligible } from '@services/organisations/assignment-rules';
import { uniqueConflict } from '@services/organisations/organisation-fields';
import { ORG_SEARCH } from '@services/organisations/organisation-list-spec';
import { type OrganisationScope, type OrgPlace, placeInScope } from '@services/organisations/organisation-scope';
import type { OrganisationDeps, OrganisationStore } from '@services/organisations/organisation-store';
import type { ListKind, OrgKind, OrgOf, UniqueField } from '@services/organisations/organisation-types';
import type { VehicleStore } from '@services/vehicles/vehicle-store';
import { TICKET_STATUS } from '@/domain/enums';
import { vehicleTest } from '../handlers/lib/scope';
import { fromApi, toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import type { TicketRecord } from '../world/tickets';
import type { Dealer, Driver, EvOwner, Fleet, Oem, Vehicle } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { vehicleToApi, worldVehicleStore } from './vehicle-store';
import { type UndoLog, worldTransact } from './world-transaction';

const TABLE = { oem: 'oems', dealer: 'dealers', fleet: 'fleets', evOwner: 'evOwners', driver: 'drivers' } as const;

/** A world row of each kind (API shape, `createdAt` epoch ms). */
interface RowOf {
  oem: Oem;
  dealer: Dealer;
  fleet: Fleet;
  evOwner: EvOwner;
  driver: Driver;
}
type AnyRow = RowOf[ListKind];

/** Each kind's fields as the list reads them: the in-memory counterpart of the SQL repository's column map. */
const LISTS: { [K in ListKind]: MemoryListSpec<RowOf[K], string, string> } = {
  oem: {
    sortable: { name: (o) => o.name, code: (o) => o.code, country: (o) => o.country, createdAt: (o) => o.createdAt },
    filterable: { status: (o) => o.status, country: (o) => o.country },
    searchable: ORG_SEARCH.oem.map((f) => (o: Oem) => o[f]),
    time: (o) => o.createdAt,
  },
  dealer: {
    sortable: {
      name: (d) => d.name,
      code: (d) => d.code,
      city: (d) => d.city,
      status: (d) => d.status,
      createdAt: (d) => d.createdAt,
    },
    filterable: { oemId: (d) => d.oemId, status: (d) => d.status, city: (d) => d.city },
    searchable: ORG_SEARCH.dealer.map((f) => (d: Dealer) => d[f]),
    time: (d) => d.createdAt,
  },
  fleet: {
    sortable: { name: (f) => f.name, city: (f) => f.city, status: (f) => f.status, createdAt: (f) => f.createdAt },
    filterable: { oemId: (f) => f.oemId, dealerId: (f) => f.dealerId, status: (f) => f.status, city: (f) => f.city },
    searchable: ORG_SEARCH.fleet.map((f) => (row: Fleet) => row[f]),
    time: (f) => f.createdAt,
  },
  evOwner: {
    sortable: { name: (o) => o.name, city: (o) => o.city, status: (o) => o.status, createdAt: (o) => o.createdAt },
    filterable: { dealerId: (o) => o.dealerId, status: (o) => o.status, city: (o) => o.city },
    searchable: ORG_SEARCH.evOwner.map((f) => (o: EvOwner) => o[f]),
    time: (o) => o.createdAt,
  },
  driver: {
    sortable: {
      name: (d) => d.name,
      licenseExpiresOn: (d) => d.licenseExpiresOn ?? null,
      status: (d) => d.status,
      createdAt: (d) => d.createdAt,
    },
    filterable: { fleetId: (d) => d.fleetId, status: (d) => d.status },
    searchable: ORG_SEARCH.driver.map((f) => (d: Driver) => d[f]),
    time: (d) => d.createdAt,
  },
};

const OPEN_TICKET: ReadonlySet<number> = new Set([
  TICKET_STATUS.NEW,
  TICKET_STATUS.IN_PROGRESS,
  TICKET_STATUS.HOLD,
  TICKET_STATUS.REOPEN,
]);

const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

interface WorldOrganisationOptions {
  /** Vehicles the caller's active access grants add to their scope (decision 0079), a demo-only widening. */
  granted?: ((vehicle: Vehicle) => boolean) | undefined;
  /** Inside a transaction: where writes record what they overwrite. */
  undo?: UndoLog;
}

/** The OrganisationStore of the services over the demo world's organisations (and the vehicles and tickets they read). */
export function worldOrganisationStore(db: WorldDb, options: WorldOrganisationOptions = {}): OrganisationStore {
  const t = db.tables;
  const rowsOf = <K extends ListKind>(kind: K) =>
    t[TABLE[kind]] as unknown as {
      get(id: string): RowOf[K] | undefined;
      values(): IterableIterator<RowOf[K]>;
      insert(row: RowOf[K]): RowOf[K];
      update(id: string, changes: Partial<RowOf[K]>): RowOf[K] | undefined;
    };

  /** Where a row sits: itself and the OEM, service centre and fleet above it (the SQL repository's `place`). */
  const placeOf = (kind: ListKind, row: AnyRow): OrgPlace => {
    switch (kind) {
      case 'oem':
        return { id: row.id, oemId: row.id, dealerId: null, fleetId: null };
      case 'dealer':
        return { id: row.id, oemId: (row as Dealer).oemId, dealerId: row.id, fleetId: null };
      case 'fleet': {
        const f = row as Fleet;
        return { id: f.id, oemId: f.oemId, dealerId: f.dealerId, fleetId: f.id };
      }
      case 'evOwner': {
        const o = row as EvOwner;
        const dealer = o.dealerId ? t.dealers.get(o.dealerId) : undefined;
        return { id: o.id, oemId: dealer?.oemId ?? null, dealerId: o.dealerId, fleetId: null };
      }
      case 'driver': {
        const d = row as Driver;
        const fleet = t.fleets.get(d.fleetId);
        return { id: d.id, oemId: fleet?.oemId ?? null, dealerId: fleet?.dealerId ?? null, fleetId: d.fleetId };
      }
    }
  };

  /** The services' organisation scope as a test of a row (`orOwnersOf`: the EV owners of the vehicles in that scope). */
  const scopeTest = (kind: ListKind, scope: OrganisationScope): ((row: AnyRow) => boolean) => {
    if (scope === null) return () => true;
    let owners: Set<string> | undefined;
    if (scope.orOwnersOf !== undefined) {
      const inScope = vehicleTest(scope.orOwnersOf, options.granted);
      owners = new Set();
      for (const v of t.vehicles.values()) if (v.evOwnerId && inScope(v)) owners.add(v.evOwnerId);
    }
    return (row) => placeInScope(scope, placeOf(kind, row)) || (owners?.has(row.id) ?? false);
  };

  const taken = (kind: OrgKind, field: UniqueField, value: string, exceptId: string | null) => {
    const wanted = value.toLowerCase();
    for (const row of rowsOf(kind).values()) {
      const other = (row as unknown as Record<string, unknown>)[field];
      if (row.id !== exceptId && typeof other === 'string' && other.toLowerCase() === wanted) return true;
    }
    return false;
  };
  /** The unique indexes of the SQL tables: a value another row holds is the contract's 409. */
  const refuseTaken = (kind: OrgKind, id: string, fields: Record<string, unknown>) => {
    const held = (['email', 'code', 'licenseNumber'] as const).filter(
      (f) => typeof fields[f] === 'string' && taken(kind, f, fields[f] as string, id),
    );
    if (held.length > 0) throw uniqueConflict(kind, held);
  };

  return {
    async list(kind, scope, query) {
      const inScope = scopeTest(kind, scope);
      const rows = Array.from(rowsOf(kind).values()).filter(inScope);
      const { items, total } = memoryList(rows, query, LISTS[kind] as MemoryListSpec<AnyRow, string, string>);
      return { items: items.map((row) => toApi<OrgOf[typeof kind]>(row)), total };
    },
    async get(kind, id, scope) {
      const row = rowsOf(kind).get(id);
      return row && scopeTest(kind, scope)(row) ? toApi<OrgOf[typeof kind]>(row) : undefined;
    },
    async taken(kind, field, value, exceptId) {
      return taken(kind, field, value, exceptId);
    },
    async insert(kind, row) {
      refuseTaken(kind, row.id, row as unknown as Record<string, unknown>);
      options.undo?.touch(TABLE[kind], row.id);
      rowsOf(kind).insert(fromApi<RowOf[typeof kind]>(row));
    },
    async update(kind, id, changes) {
      if (!rowsOf(kind).get(id)) return;
      refuseTaken(kind, id, changes as Record<string, unknown>);
      options.undo?.touch(TABLE[kind], id);
      rowsOf(kind).update(id, fromApi<Partial<RowOf[typeof kind]>>(changes));
    },
    async driversOf(fleetId, limit) {
      const rows = Array.from(t.drivers.values())
        .filter((d) => d.fleetId === fleetId)
        .sort(byName);
      return { total: rows.length, items: rows.slice(0, limit).map((d) => toApi<OrgOf['driver']>(d)) };
    },
    async fleetsOf(dealerId, limit) {
      const rows = Array.from(t.fleets.values())
        .filter((f) => f.dealerId === dealerId)
        .sort(byName);
      return { total: rows.length, items: rows.slice(0, limit).map((f) => toApi<OrgOf['fleet']>(f)) };
    },
    async openTicketsOf(dealerId, limit) {
      const rows = (t.tickets.all() as TicketRecord[])
        .filter((k) => k.dealerId === dealerId && OPEN_TICKET.has(k.status))
        .sort((a, b) => b.createdAt - a.createdAt);
      return {
        total: rows.length,
        items: rows.slice(0, limit).map((k) => ({
          id: k.id,
          ref: k.ref,
          title: k.title,
          status: k.status,
          priority: k.priority,
          createdAt: new Date(k.createdAt).toISOString(),
          registrationNumber: t.vehicles.get(k.vehicleId)?.registrationNumber ?? null,
        })),
      };
    },
    async assignable(scope, rule, q, limit) {
      const visible = vehicleTest(scope, options.granted);
      const needle = q?.toLowerCase();
      const rows: Vehicle[] = [];
      for (const v of t.vehicles.values()) {
        if (!visible(v) || !eligible(rule, v)) continue;
        if (needle && !v.vin.toLowerCase().includes(needle) && !v.registrationNumber.toLowerCase().includes(needle))
          continue;
        rows.push(v);
      }
      rows.sort((a, b) => a.registrationNumber.localeCompare(b.registrationNumber));
      return { total: rows.length, items: rows.slice(0, limit).map((v) => vehicleToApi(db, v)) };
    },
  };
}

/** The organisation services' dependencies over the demo world, for one caller's access grants. */
export function worldOrganisationDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): OrganisationDeps {
  return {
    organisations: worldOrganisationStore(db, { granted }),
    vehicles: worldVehicleStore(db, { granted }),
    now: () => new Date(),
    transact: worldTransact(
      db,
      (undo): { organisations: OrganisationStore; vehicles: VehicleStore; audit: AuditStore } => ({
        organisations: worldOrganisationStore(db, { granted, undo }),
        vehicles: worldVehicleStore(db, { granted, undo }),
        audit: worldAuditStore(db, undo),
      }),
    ),
  };
}
