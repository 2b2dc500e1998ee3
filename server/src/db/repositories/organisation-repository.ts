import { type RawBuilder, sql } from 'kysely';
import type { ListQuery } from '../../services/lib/list-query';
import type { Eligibility } from '../../services/organisations/assignment-rules';
import { uniqueConflict } from '../../services/organisations/organisation-fields';
import { ORG_SEARCH } from '../../services/organisations/organisation-list-spec';
import type { OrganisationScope } from '../../services/organisations/organisation-scope';
import type { OrganisationStore } from '../../services/organisations/organisation-store';
import type { ListKind, OrgKind, OrgOf } from '../../services/organisations/organisation-types';
import type { Db } from '../database';
import { writeUnique } from './unique-violation';
import { vehicleScopeCondition } from './vehicle-scope-sql';
import { vehiclesByIds } from './vehicle-repository';

const TABLE = { oem: 'oems', dealer: 'dealers', fleet: 'fleets', evOwner: 'ev_owners', driver: 'drivers' } as const;

/** API field -> column, per kind: every field of the contract's Oem, Dealer, Fleet, EvOwner, Driver (migration 0011). */
const COLUMNS = {
  oem: { id: 'id', name: 'name', code: 'code', country: 'country', status: 'status', createdAt: 'created_at' },
  dealer: {
    id: 'id',
    name: 'name',
    code: 'code',
    oemId: 'oem_id',
    city: 'city',
    email: 'email',
    phone: 'phone',
    address: 'address',
    status: 'status',
    createdAt: 'created_at',
  },
  fleet: {
    id: 'id',
    name: 'name',
    oemId: 'oem_id',
    dealerId: 'dealer_id',
    city: 'city',
    email: 'email',
    phone: 'phone',
    address: 'address',
    status: 'status',
    createdAt: 'created_at',
  },
  evOwner: {
    id: 'id',
    name: 'name',
    email: 'email',
    phone: 'phone',
    city: 'city',
    dealerId: 'dealer_id',
    address: 'address',
    status: 'status',
    createdAt: 'created_at',
  },
  driver: {
    id: 'id',
    name: 'name',
    fleetId: 'fleet_id',
    phone: 'phone',
    email: 'email',
    licenseNumber: 'license_number',
    licenseExpiresOn: 'license_expires_on',
    status: 'status',
    createdAt: 'created_at',
  },
} as const satisfies { [K in ListKind]: Record<keyof OrgOf[K], string> };

type Row = Record<string, unknown>;

const ref = (kind: ListKind, column: string) => sql.ref(`${TABLE[kind]}.${column}`);

/** The select list of a kind: every column, a licence expiry as text (YYYY-MM-DD, no time zone). */
function selection(kind: ListKind): RawBuilder<unknown> {
  return sql.join(
    Object.values(COLUMNS[kind]).map((column) =>
      column === 'license_expires_on' ? sql`${ref(kind, column)}::text AS ${sql.ref(column)}` : ref(kind, column),
    ),
  );
}

const iso = (value: unknown) => (value instanceof Date ? value : new Date(value as string)).toISOString();

function toOrg<K extends ListKind>(kind: K, row: Row): OrgOf[K] {
  const out: Row = {};
  for (const [field, column] of Object.entries(COLUMNS[kind])) {
    out[field] = field === 'createdAt' ? iso(row[column]) : (row[column] ?? null);
  }
  return out as OrgOf[K];
}

/** The columns of an organisation (or of the fields a change sets); the seed writes these too. */
export function organisationColumns(kind: ListKind, org: Row): Row {
  const out: Row = {};
  for (const [field, column] of Object.entries(COLUMNS[kind])) if (org[field] !== undefined) out[column] = org[field];
  return out;
}

/**
 * Where a row sits, as SQL per scope field: itself and the OEM, service centre and fleet above it. An EV owner's OEM
 * is its service centre's; a driver's OEM and service centre are its fleet's (NULL where a kind has none).
 */
function place(kind: ListKind, field: NonNullable<OrganisationScope>['field']): RawBuilder<unknown> {
  const none = sql`NULL`;
  switch (kind) {
    case 'oem':
      return field === 'id' || field === 'oemId' ? ref(kind, 'id') : none;
    case 'dealer':
      return field === 'fleetId' ? none : ref(kind, field === 'oemId' ? 'oem_id' : 'id');
    case 'fleet':
      return ref(kind, { id: 'id', oemId: 'oem_id', dealerId: 'dealer_id', fleetId: 'id' }[field]);
    case 'evOwner':
      if (field === 'id') return ref(kind, 'id');
      if (field === 'dealerId') return ref(kind, 'dealer_id');
      if (field === 'oemId') return sql`(SELECT d.oem_id FROM dealers d WHERE d.id = ev_owners.dealer_id)`;
      return none;
    case 'driver':
      if (field === 'id') return ref(kind, 'id');
      if (field === 'fleetId') return ref(kind, 'fleet_id');
      return field === 'oemId'
        ? sql`(SELECT f.oem_id FROM fleets f WHERE f.id = drivers.fleet_id)`
        : sql`(SELECT f.dealer_id FROM fleets f WHERE f.id = drivers.fleet_id)`;
  }
}

/** The services' organisation scope in SQL: everything, or the one value a place must have (or an owner's vehicles). */
function scopeCondition(db: Db, kind: ListKind, scope: OrganisationScope): RawBuilder<unknown> {
  if (scope === null) return sql`true`;
  const own = sql`${place(kind, scope.field)} = ${scope.value}`;
  if (scope.orOwnersOf === undefined) return own;
  const owners = db
    .selectFrom('vehicles')
    .select('vehicles.ev_owner_id')
    .where((eb) => vehicleScopeCondition(eb, scope.orOwnersOf ?? null));
  return sql`(${own} OR ${ref(kind, 'id')} IN (${owners}))`;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function listConditions(db: Db, kind: ListKind, scope: OrganisationScope, query: ListQuery<string, string>) {
  const columns = COLUMNS[kind] as Record<string, string>;
  const all: RawBuilder<unknown>[] = [scopeCondition(db, kind, scope)];
  for (const filter of query.filters) {
    const column = columns[filter.field];
    if (column) all.push(sql`${ref(kind, column)} IN (${sql.join(filter.values)})`);
  }
  if (query.q !== undefined) {
    const pattern = likePattern(query.q);
    const search = ORG_SEARCH[kind].map((field) => sql`${ref(kind, columns[field] as string)} ILIKE ${pattern}`);
    all.push(sql`(${sql.join(search, sql` OR `)})`);
  }
  return sql.join(all, sql` AND `);
}

/** Organisations in PostgreSQL (or PGlite): the lists filter, sort and page in SQL. */
export function createOrganisationRepository(db: Db): OrganisationStore {
  const page = async <K extends ListKind>(
    kind: K,
    where: RawBuilder<unknown>,
    order: RawBuilder<unknown>,
    limit: number,
    offset: number,
  ) => {
    const table = sql.table(TABLE[kind]);
    const [rows, count] = await Promise.all([
      sql<Row>`SELECT ${selection(kind)} FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(
        db,
      ),
      sql<{ total: number }>`SELECT count(*)::int AS total FROM ${table} WHERE ${where}`.execute(db),
    ]);
    return { items: rows.rows.map((row) => toOrg(kind, row)), total: count.rows[0]?.total ?? 0 };
  };
  const byName = (kind: ListKind) => sql`${ref(kind, 'name')} ASC, ${ref(kind, 'id')} ASC`;

  return {
    async list(kind, scope, query) {
      const columns = COLUMNS[kind] as Record<string, string>;
      const order = sql.join([
        ...query.sort.map((key) => sql`${ref(kind, columns[key.field] as string)} ${sql.raw(key.direction)}`),
        sql`${ref(kind, 'id')} ASC`,
      ]);
      return page(
        kind,
        listConditions(db, kind, scope, query),
        order,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
    },

    async get(kind, id, scope) {
      const rows = await sql<Row>`SELECT ${selection(kind)} FROM ${sql.table(TABLE[kind])}
        WHERE ${ref(kind, 'id')} = ${id} AND ${scopeCondition(db, kind, scope)}`.execute(db);
      const row = rows.rows[0];
      return row ? toOrg(kind, row) : undefined;
    },

    async taken(kind, field, value, exceptId) {
      const column = (COLUMNS[kind] as Record<string, string>)[field];
      if (!column) return false;
      const rows = await sql`SELECT 1 FROM ${sql.table(TABLE[kind])}
        WHERE lower(${ref(kind, column)}) = lower(${value}) AND ${ref(kind, 'id')} IS DISTINCT FROM ${exceptId}
        LIMIT 1`.execute(db);
      return rows.rows.length > 0;
    },

    async insert(kind, row) {
      const columns = organisationColumns(kind, row as unknown as Row);
      const names = Object.keys(columns);
      await writeUnique(
        () =>
          sql`INSERT INTO ${sql.table(TABLE[kind])} (${sql.join(names.map((n) => sql.ref(n)))})
            VALUES (${sql.join(names.map((n) => columns[n]))})`.execute(db),
        () => uniqueConflict(kind as OrgKind),
      );
    },

    async update(kind, id, changes) {
      const columns = organisationColumns(kind, changes as Row);
      delete columns.id;
      const names = Object.keys(columns);
      if (names.length === 0) return;
      const set = sql.join(names.map((n) => sql`${sql.ref(n)} = ${columns[n]}`));
      await writeUnique(
        () => sql`UPDATE ${sql.table(TABLE[kind])} SET ${set} WHERE id = ${id}`.execute(db),
        () => uniqueConflict(kind as OrgKind),
      );
    },

    async driversOf(fleetId, limit) {
      return page('driver', sql`drivers.fleet_id = ${fleetId}`, byName('driver'), limit, 0);
    },

    async fleetsOf(dealerId, limit) {
      return page('fleet', sql`fleets.dealer_id = ${dealerId}`, byName('fleet'), limit, 0);
    },

    async assignable(scope, rule: Eligibility, q, limit) {
      const where = (eb: Parameters<typeof vehicleScopeCondition>[0]) => {
        const all = [vehicleScopeCondition(eb, scope)];
        if (rule.oemId !== undefined) all.push(eb('vehicles.oem_id', '=', rule.oemId));
        if (rule.fleetId !== undefined) all.push(eb('vehicles.fleet_id', '=', rule.fleetId));
        if (rule.notDealerId !== undefined)
          all.push(eb.or([eb('vehicles.dealer_id', 'is', null), eb('vehicles.dealer_id', '<>', rule.notDealerId)]));
        if (rule.free) all.push(eb('vehicles.fleet_id', 'is', null), eb('vehicles.ev_owner_id', 'is', null));
        if (rule.undrivenFor !== undefined) all.push(eb('vehicles.driver_id', 'is', null));
        if (q !== undefined) {
          const pattern = likePattern(q);
          all.push(eb.or([eb('vehicles.vin', 'ilike', pattern), eb('vehicles.registration_number', 'ilike', pattern)]));
        }
        return eb.and(all);
      };
      const [ids, count] = await Promise.all([
        db
          .selectFrom('vehicles')
          .select('vehicles.id')
          .where(where)
          .orderBy('vehicles.registration_number', 'asc')
          .orderBy('vehicles.id', 'asc')
          .limit(limit)
          .execute(),
        db.selectFrom('vehicles').where(where).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: await vehiclesByIds(
          db,
          ids.map((row) => row.id),
        ),
        total: count.total,
      };
    },
  };
}
