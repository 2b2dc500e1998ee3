import { ACTION, type PermissionKey } from '@/domain/permissions';
import { TICKET_STATUS } from '@/domain/enums';
import type { components } from '@/domain/api-schema';
import type { WorldDb } from '../world/db';
import type { TicketRecord } from '../world/tickets';
import type { Dealer, Driver, EvOwner, Fleet, Vehicle } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { recordAudit } from './lib/audit-log';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors, readJsonObject } from './lib/body';
import { conflict, notFound } from './lib/http-error';
import { vehicleFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';
import { dealerInScope, driverInScope, evOwnerInScope, fleetInScope } from './organisations';

type Schemas = components['schemas'];
type OrganisationVehicle = Schemas['OrganisationVehicle'];
type OrganisationDetails = Schemas['OrganisationDetails'];
type Kind = OrganisationDetails['kind'];
type Org = Dealer | Fleet | EvOwner | Driver;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** + and 8 to 15 digits; spaces and dashes between them are allowed (as user management). */
const PHONE = /^\+?[0-9][0-9 -]{6,20}[0-9]$/;
const LICENCE = /^[A-Z]{2}[0-9A-Z-]{6,18}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_ASSIGN = 100;
const DETAIL_ITEMS = 50;
const CANDIDATES = 20;

/** Per kind: its permission key, audit entity, table, scope and the vehicle field that ties a vehicle to it. */
const KINDS = {
  dealer: { key: 'sc.l', entity: 'Dealer', noun: 'Service centre', table: 'dealers', field: 'dealerId' },
  fleet: { key: 'fleet.l', entity: 'Fleet', noun: 'Fleet', table: 'fleets', field: 'fleetId' },
  evOwner: { key: 'evo.l', entity: 'EV Owner', noun: 'EV owner', table: 'evOwners', field: 'evOwnerId' },
  driver: { key: 'drv.l', entity: 'Driver', noun: 'Driver', table: 'drivers', field: 'driverId' },
} as const satisfies Record<
  Kind,
  {
    key: PermissionKey;
    entity: string;
    noun: string;
    table: 'dealers' | 'fleets' | 'evOwners' | 'drivers';
    field: keyof Vehicle;
  }
>;

const BASES: Record<Kind, '/dealers' | '/fleets' | '/ev-owners' | '/drivers'> = {
  dealer: '/dealers',
  fleet: '/fleets',
  evOwner: '/ev-owners',
  driver: '/drivers',
};

function inScope(kind: Kind, ctx: AuthContext, db: WorldDb, row: Org): boolean {
  if (kind === 'dealer') return dealerInScope(ctx, row as Dealer);
  if (kind === 'fleet') return fleetInScope(ctx, row as Fleet);
  if (kind === 'evOwner') return evOwnerInScope(ctx, db, row as EvOwner);
  return driverInScope(ctx, db, row as Driver);
}

function tableOf(db: WorldDb, kind: Kind) {
  return db.tables[KINDS[kind].table] as unknown as {
    get(id: string): Org | undefined;
    values(): IterableIterator<Org>;
    insert(row: Org): Org;
    update(id: string, changes: Partial<Org>): Org | undefined;
  };
}

function orgOr404(kind: Kind, ctx: AuthContext, db: WorldDb, id: string): Org {
  const row = tableOf(db, kind).get(id);
  if (!row || !inScope(kind, ctx, db, row)) throw notFound(KINDS[kind].noun);
  return row;
}

// ---- reading and checking a body ----

function text(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
  label: string,
  { required, max }: { required: boolean; max: number },
): string | null | undefined {
  const value = body[field];
  if (value === undefined) {
    if (required) errors.add(field, `Enter ${label}.`);
    return undefined;
  }
  const trimmed = typeof value === 'string' ? value.trim() : value === null ? '' : undefined;
  if (trimmed === undefined) errors.add(field, `Enter ${label}.`);
  else if (trimmed === '') {
    if (required) errors.add(field, `Enter ${label}.`);
    else return null;
  } else if (trimmed.length > max) errors.add(field, `Use at most ${max} characters.`);
  else return trimmed;
  return undefined;
}

function checkEmail(errors: FieldErrors, value: string | null | undefined): string | null | undefined {
  if (typeof value !== 'string') return value;
  if (!EMAIL.test(value)) {
    errors.add('email', 'Enter a valid e-mail address.');
    return undefined;
  }
  return value.toLowerCase();
}

function checkPhone(errors: FieldErrors, value: string | null | undefined): string | null | undefined {
  if (typeof value !== 'string') return value;
  if (!PHONE.test(value) || value.replace(/\D/g, '').length < 8 || value.replace(/\D/g, '').length > 15) {
    errors.add('phone', 'Enter a phone number of 8 to 15 digits, optionally starting with +.');
    return undefined;
  }
  return value;
}

/** The contact and kind-specific fields of a create (`partial` false) or a patch, checked field by field. */
function readFields(kind: Kind, errors: FieldErrors, body: Record<string, unknown>, partial: boolean) {
  const req = (yes: boolean) => yes && !partial;
  const out: Record<string, string | null | undefined> = {
    name: text(errors, body, 'name', 'a name', { required: req(true), max: 120 }),
  };
  if (kind !== 'driver') {
    out.city = text(errors, body, 'city', 'a city', { required: req(true), max: 80 });
    out.address = text(errors, body, 'address', 'an address', { required: false, max: 200 });
  }
  const emailRequired = kind !== 'driver';
  out.email = checkEmail(
    errors,
    text(errors, body, 'email', 'an e-mail address', { required: req(emailRequired), max: 120 }),
  );
  if (emailRequired && out.email === null) errors.add('email', 'Enter an e-mail address.');
  const phoneRequired = kind !== 'fleet';
  out.phone = checkPhone(
    errors,
    text(errors, body, 'phone', 'a phone number', { required: req(phoneRequired), max: 30 }),
  );
  if (phoneRequired && out.phone === null) errors.add('phone', 'Enter a phone number.');
  if (kind === 'dealer') {
    const code = text(errors, body, 'code', 'a code', { required: req(true), max: 20 });
    if (code === null) errors.add('code', 'Enter a code.');
    else if (typeof code === 'string' && !/^[A-Za-z0-9-]+$/.test(code))
      errors.add('code', 'Use letters, digits and dashes only.');
    else out.code = code?.toUpperCase();
  }
  if (kind === 'driver') {
    const licence = text(errors, body, 'licenseNumber', 'the licence number', { required: req(true), max: 20 });
    const normal = typeof licence === 'string' ? licence.replace(/\s+/g, '').toUpperCase() : licence;
    if (licence === null) errors.add('licenseNumber', 'Enter the licence number.');
    else if (typeof normal === 'string' && !LICENCE.test(normal))
      errors.add('licenseNumber', 'Enter a licence number: two letters, then 6 to 18 letters or digits.');
    else out.licenseNumber = normal;
    const expires = text(errors, body, 'licenseExpiresOn', 'the licence expiry date', { required: req(true), max: 10 });
    if (expires === null) errors.add('licenseExpiresOn', 'Enter the licence expiry date.');
    else if (typeof expires === 'string' && (!DATE.test(expires) || Number.isNaN(Date.parse(expires))))
      errors.add('licenseExpiresOn', 'Enter a date as YYYY-MM-DD.');
    else out.licenseExpiresOn = expires;
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/** 409 with a field error when another row of the kind holds the e-mail (or, for drivers, the licence number). */
function checkUnique(kind: Kind, db: WorldDb, fields: Record<string, unknown>, exceptId: string | null): void {
  const taken: Record<string, string> = {};
  const unique: [string, string][] = [['email', 'This e-mail address is already in use.']];
  if (kind === 'dealer') unique.push(['code', 'Another service centre has this code.']);
  if (kind === 'driver') unique.push(['licenseNumber', 'Another driver has this licence number.']);
  for (const [field, message] of unique) {
    const value = fields[field];
    if (typeof value !== 'string') continue;
    for (const row of tableOf(db, kind).values()) {
      const other = (row as unknown as Record<string, unknown>)[field];
      if (row.id !== exceptId && typeof other === 'string' && other.toLowerCase() === value.toLowerCase()) {
        taken[field] = message;
        break;
      }
    }
  }
  if (Object.keys(taken).length > 0) throw conflict(`${KINDS[kind].noun} details are already in use.`, taken);
}

/** Where a new organisation belongs: the caller's own organisation, or the one chosen (and checked) in the body. */
function placeNew(kind: Kind, errors: FieldErrors, ctx: AuthContext, db: WorldDb, body: Record<string, unknown>) {
  const me = ctx.user;
  const pick = (field: string) =>
    typeof body[field] === 'string' && body[field] !== '' ? (body[field] as string) : null;
  const t = db.tables;
  if (kind === 'dealer') {
    if (ctx.roleType === 'oem') return { oemId: me.oemId as string };
    const oem = t.oems.get(pick('oemId') ?? '');
    if (ctx.roleType !== 'platform') errors.add('oemId', 'You cannot add service centres.');
    else if (!oem) errors.add('oemId', 'Choose the OEM of the service centre.');
    return oem ? { oemId: oem.id } : {};
  }
  if (kind === 'fleet') {
    if (ctx.roleType === 'dealer') return { oemId: me.oemId as string, dealerId: me.dealerId as string };
    const dealerId = pick('dealerId');
    const dealer = dealerId ? t.dealers.get(dealerId) : undefined;
    if (ctx.roleType === 'oem') {
      if (dealerId && (!dealer || dealer.oemId !== me.oemId))
        errors.add('dealerId', 'Choose one of your service centres.');
      return { oemId: me.oemId as string, dealerId: dealer?.id ?? null };
    }
    if (ctx.roleType !== 'platform') {
      errors.add('oemId', 'You cannot add fleets.');
      return {};
    }
    const oem = t.oems.get(pick('oemId') ?? '');
    if (!oem) errors.add('oemId', 'Choose the OEM of the fleet.');
    if (dealerId && (!dealer || dealer.oemId !== oem?.id))
      errors.add('dealerId', 'Choose a service centre of the fleet’s OEM, or none.');
    return { oemId: oem?.id, dealerId: dealer?.id ?? null };
  }
  if (kind === 'evOwner') {
    if (ctx.roleType === 'dealer') return { dealerId: me.dealerId as string };
    const dealerId = pick('dealerId');
    const dealer = dealerId ? t.dealers.get(dealerId) : undefined;
    if (ctx.roleType === 'oem') {
      if (!dealer || dealer.oemId !== me.oemId)
        errors.add('dealerId', 'Choose the service centre that looks after the owner.');
      return { dealerId: dealer?.id ?? null };
    }
    if (ctx.roleType !== 'platform') errors.add('dealerId', 'You cannot add EV owners.');
    else if (dealerId && !dealer) errors.add('dealerId', 'Choose a service centre, or none.');
    return { dealerId: dealer?.id ?? null };
  }
  if (ctx.roleType === 'fleet') return { fleetId: me.fleetId as string };
  const fleet = t.fleets.get(pick('fleetId') ?? '');
  if (!fleet || !fleetInScope(ctx, fleet)) errors.add('fleetId', 'Choose the fleet of the driver.');
  return fleet ? { fleetId: fleet.id } : {};
}

const NEW_ID: Record<Kind, string> = { dealer: 'dlr', fleet: 'flt', evOwner: 'evo', driver: 'drv' };

// ---- vehicles and details ----

function vehicleView(db: WorldDb, v: Vehicle): OrganisationVehicle {
  const t = db.tables;
  return {
    id: v.id,
    vin: v.vin,
    registrationNumber: v.registrationNumber,
    modelName: t.models.get(v.modelId)?.name ?? v.modelId,
    isLive: v.isLive,
    soc: v.soc ?? null,
    dealerName: v.dealerId ? (t.dealers.get(v.dealerId)?.name ?? null) : null,
    fleetName: v.fleetId ? (t.fleets.get(v.fleetId)?.name ?? null) : null,
    evOwnerName: v.evOwnerId ? (t.evOwners.get(v.evOwnerId)?.name ?? null) : null,
    driverName: v.driverId ? (t.drivers.get(v.driverId)?.name ?? null) : null,
  };
}

const byRegistration = (a: Vehicle, b: Vehicle) => a.registrationNumber.localeCompare(b.registrationNumber);

function vehiclesOf(kind: Kind, db: WorldDb, org: Org): Vehicle[] {
  const field = KINDS[kind].field;
  const out: Vehicle[] = [];
  for (const v of db.tables.vehicles.values()) if (v[field] === org.id) out.push(v);
  return out.sort(byRegistration);
}

function section<T, R>(rows: T[], view: (row: T) => R) {
  return { total: rows.length, items: rows.slice(0, DETAIL_ITEMS).map(view) };
}

const OPEN_TICKET: ReadonlySet<number> = new Set([
  TICKET_STATUS.NEW,
  TICKET_STATUS.IN_PROGRESS,
  TICKET_STATUS.HOLD,
  TICKET_STATUS.REOPEN,
]);

function detailsOf(kind: Kind, db: WorldDb, org: Org): OrganisationDetails {
  const t = db.tables;
  const oemId = 'oemId' in org ? org.oemId : null;
  const dealerId = 'dealerId' in org ? org.dealerId : kind === 'dealer' ? null : null;
  const fleetId = kind === 'driver' ? (org as Driver).fleetId : null;
  const fleet = fleetId ? t.fleets.get(fleetId) : undefined;
  const oem = oemId ? t.oems.get(oemId) : fleet ? t.oems.get(fleet.oemId) : undefined;
  const out: OrganisationDetails = {
    kind,
    id: org.id,
    name: org.name,
    oemName: oem?.name ?? null,
    dealerName: dealerId ? (t.dealers.get(dealerId)?.name ?? null) : null,
    fleetName: fleet?.name ?? null,
    vehicles: section(vehiclesOf(kind, db, org), (v) => vehicleView(db, v)),
  };
  if (kind === 'fleet') {
    const drivers = Array.from(t.drivers.values())
      .filter((d) => d.fleetId === org.id)
      .sort((a, b) => a.name.localeCompare(b.name));
    out.drivers = section(drivers, (d) => toApi<Schemas['Driver']>(d));
  }
  if (kind === 'dealer') {
    const fleets = Array.from(t.fleets.values())
      .filter((f) => f.dealerId === org.id)
      .sort((a, b) => a.name.localeCompare(b.name));
    out.fleets = section(fleets, (f) => toApi<Schemas['Fleet']>(f));
    const tickets = (t.tickets.all() as TicketRecord[])
      .filter((k) => k.dealerId === org.id && OPEN_TICKET.has(k.status))
      .sort((a, b) => b.createdAt - a.createdAt);
    out.openTickets = section(tickets, (k) => ({
      id: k.id,
      ref: k.ref,
      title: k.title,
      status: k.status,
      priority: k.priority,
      createdAt: new Date(k.createdAt).toISOString(),
      registrationNumber: t.vehicles.get(k.vehicleId)?.registrationNumber ?? null,
    }));
  }
  return out;
}

/** Why a vehicle may not be assigned to `org` (decision 0078), or null when it may. */
function refusal(kind: Kind, db: WorldDb, org: Org, v: Vehicle): string | null {
  const t = db.tables;
  if (kind === 'dealer') {
    if (v.oemId !== (org as Dealer).oemId) return `${v.registrationNumber} is another OEM's vehicle.`;
    if (v.dealerId === org.id) return `${v.registrationNumber} is already looked after here.`;
    return null;
  }
  if (kind === 'fleet' || kind === 'evOwner') {
    if (kind === 'fleet' && v.oemId !== (org as Fleet).oemId)
      return `${v.registrationNumber} is another OEM's vehicle.`;
    if (v.fleetId) return `${v.registrationNumber} belongs to the fleet ${t.fleets.get(v.fleetId)?.name ?? v.fleetId}.`;
    if (v.evOwnerId)
      return `${v.registrationNumber} belongs to the EV owner ${t.evOwners.get(v.evOwnerId)?.name ?? v.evOwnerId}.`;
    return null;
  }
  if (v.fleetId !== (org as Driver).fleetId) return `${v.registrationNumber} is not a vehicle of the driver's fleet.`;
  if (v.driverId && v.driverId !== org.id)
    return `${v.registrationNumber} is driven by ${t.drivers.get(v.driverId)?.name ?? v.driverId}; unassign it there first.`;
  if (v.driverId === org.id) return `${v.registrationNumber} is already this driver's vehicle.`;
  return null;
}

function readVehicleIds(body: Record<string, unknown>): string[] {
  const ids = body.vehicleIds;
  const errors = new FieldErrors();
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string'))
    errors.add('vehicleIds', 'Choose at least one vehicle.');
  else if (ids.length > MAX_ASSIGN) errors.add('vehicleIds', `Choose at most ${MAX_ASSIGN} vehicles at a time.`);
  errors.throwIfAny();
  return Array.from(new Set(ids as string[]));
}

/**
 * Organisation management (issue 21 item 5): create, edit, activate/deactivate, assign and unassign vehicles, and the
 * details of service centres, fleets, EV owners and drivers, in the caller's scope (as the lists of organisations.ts).
 */
export function createOrganisationManagementHandlers(http: ApiHttp) {
  return (Object.keys(KINDS) as Kind[]).flatMap((kind) => {
    const { key, entity, noun, field } = KINDS[kind];
    const base = BASES[kind];
    const open = async (request: Request, action: number) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, key, action);
      return { db, ctx };
    };
    return [
      http.post(base, async ({ request, response }) => {
        const { db, ctx } = await open(request, ACTION.ADD);
        const body = await readJsonObject(request);
        const errors = new FieldErrors();
        const fields = readFields(kind, errors, body, false);
        const place = placeNew(kind, errors, ctx, db, body);
        errors.throwIfAny();
        checkUnique(kind, db, fields, null);
        const row = {
          id: `${NEW_ID[kind]}-${crypto.randomUUID().slice(0, 8)}`,
          address: null,
          ...(kind === 'fleet' ? { phone: null } : {}),
          ...(kind === 'driver' ? { email: null } : {}),
          ...fields,
          ...place,
          status: 1,
          createdAt: Date.now(),
        } as unknown as Org;
        tableOf(db, kind).insert(row);
        await recordAudit(db, ctx, entity, row.id, 'Add', `Added ${noun.toLowerCase()} ${row.name}`);
        await db.persist();
        return response(201).json(toApi(row) as never);
      }),

      http.patch(`${base}/{id}`, async ({ request, params, response }) => {
        const { db, ctx } = await open(request, ACTION.UPDATE);
        const current = orgOr404(kind, ctx, db, params.id);
        const body = await readJsonObject(request);
        const errors = new FieldErrors();
        const fields = readFields(kind, errors, body, true);
        errors.throwIfAny();
        checkUnique(kind, db, fields, current.id);
        const updated = tableOf(db, kind).update(current.id, fields as Partial<Org>) as Org;
        await recordAudit(db, ctx, entity, current.id, 'Update', `Updated ${noun.toLowerCase()} ${updated.name}`);
        await db.persist();
        return response(200).json(toApi(updated) as never);
      }),

      http.get(`${base}/{id}/details`, async ({ request, params, response }) => {
        const { db, ctx } = await open(request, ACTION.LIST);
        return response(200).json(detailsOf(kind, db, orgOr404(kind, ctx, db, params.id)));
      }),

      http.post(`${base}/{id}/status`, async ({ request, params, response }) => {
        const { db, ctx } = await open(request, ACTION.CHANGE_STATUS);
        const current = orgOr404(kind, ctx, db, params.id);
        const body = await readJsonObject(request);
        const errors = new FieldErrors();
        if (body.status !== 0 && body.status !== 1) errors.add('status', 'Send 1 (active) or 0 (inactive).');
        errors.throwIfAny();
        const status = body.status as 0 | 1;
        const updated = tableOf(db, kind).update(current.id, { status }) as Org;
        await recordAudit(
          db,
          ctx,
          entity,
          current.id,
          'Change Status',
          `${status === 1 ? 'Activated' : 'Deactivated'} ${noun.toLowerCase()} ${updated.name}`,
        );
        await db.persist();
        return response(200).json(toApi(updated) as never);
      }),

      http.get(`${base}/{id}/assignable-vehicles`, async ({ request, params, response }) => {
        const { db, ctx } = await open(request, ACTION.ASSIGN);
        const org = orgOr404(kind, ctx, db, params.id);
        const q = (new URL(request.url).searchParams.get('q') ?? '').trim().toLowerCase();
        const visible = vehicleFilterFor(ctx);
        const rows: Vehicle[] = [];
        for (const v of db.tables.vehicles.values()) {
          if (!visible(v) || refusal(kind, db, org, v) !== null) continue;
          if (q && !v.vin.toLowerCase().includes(q) && !v.registrationNumber.toLowerCase().includes(q)) continue;
          rows.push(v);
        }
        rows.sort(byRegistration);
        return response(200).json({
          total: rows.length,
          items: rows.slice(0, CANDIDATES).map((v) => vehicleView(db, v)),
        });
      }),

      http.post(`${base}/{id}/assign-vehicles`, async ({ request, params, response }) => {
        const { db, ctx } = await open(request, ACTION.ASSIGN);
        const org = orgOr404(kind, ctx, db, params.id);
        const ids = readVehicleIds(await readJsonObject(request));
        if (org.status !== 1)
          throw conflict(`${org.name} is inactive; activate it before assigning vehicles.`, {
            vehicleIds: 'Activate the organisation first.',
          });
        const visible = vehicleFilterFor(ctx);
        const vehicles = ids.map((id) => db.tables.vehicles.get(id));
        const missing = ids.filter((_, i) => !vehicles[i] || !visible(vehicles[i] as Vehicle));
        if (missing.length > 0) throw notFound(`Vehicle ${missing.join(', ')}`);
        const refused = (vehicles as Vehicle[]).map((v) => refusal(kind, db, org, v)).filter((r) => r !== null);
        if (refused.length > 0) throw conflict(refused.join(' '), { vehicleIds: refused.join(' ') });
        for (const v of vehicles as Vehicle[]) db.tables.vehicles.update(v.id, { [field]: org.id });
        const regs = (vehicles as Vehicle[]).map((v) => v.registrationNumber).join(', ');
        await recordAudit(db, ctx, entity, org.id, 'Assign', `Assigned ${regs} to ${noun.toLowerCase()} ${org.name}`);
        await db.persist();
        return response(200).json(detailsOf(kind, db, org));
      }),

      http.post(`${base}/{id}/unassign-vehicles`, async ({ request, params, response }) => {
        const { db, ctx } = await open(request, ACTION.UNASSIGN);
        const org = orgOr404(kind, ctx, db, params.id);
        const ids = readVehicleIds(await readJsonObject(request));
        const vehicles = ids.map((id) => db.tables.vehicles.get(id));
        const strangers = ids.filter((_, i) => vehicles[i]?.[field] !== org.id);
        if (strangers.length > 0) {
          const errors = new FieldErrors();
          errors.add('vehicleIds', `Not assigned to ${org.name}: ${strangers.join(', ')}.`);
          errors.throwIfAny();
        }
        // A vehicle leaving a fleet leaves its driver too.
        const clear = kind === 'fleet' ? { fleetId: null, driverId: null } : { [field]: null };
        for (const v of vehicles as Vehicle[]) db.tables.vehicles.update(v.id, clear);
        const regs = (vehicles as Vehicle[]).map((v) => v.registrationNumber).join(', ');
        await recordAudit(
          db,
          ctx,
          entity,
          org.id,
          'Unassign',
          `Unassigned ${regs} from ${noun.toLowerCase()} ${org.name}`,
        );
        await db.persist();
        return response(200).json(detailsOf(kind, db, org));
      }),
    ];
  });
}
