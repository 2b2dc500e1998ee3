import {
  assignableRolesFor,
  COMPONENT_KINDS,
  type ComponentKind,
  GRANT_TARGETS,
  GRANTEE_TYPE_OF_ROLE,
  type GrantTarget,
  grantStatus,
} from '@/domain/access-grants';
import { ACTION, type PermissionKey } from '@/domain/permissions';
import { isRoleCode, ROLE_LABELS, type RoleCode } from '@/domain/roles';
import type { components } from '@/domain/api-schema';
import type { WorldDb } from '../world/db';
import type { AccessGrantRecord } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { ownerInScope } from './lib/access-scope';
import { recordAudit } from './lib/audit-log';
import { type AuthContext, allows, requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors, readJsonObject } from './lib/body';
import { conflict, forbidden, notFound } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { toApi } from './lib/serialize';

type ApiGrant = components['schemas']['AccessGrant'];
type Choice = components['schemas']['Choice'];

const DEVICE_KIND_NAMES: Record<ComponentKind, string> = {
  ev: 'All EVs',
  bms: 'All BMS devices',
  mcu: 'All MCU devices',
  vcu: 'All VCU devices',
};
const MODEL_KIND: Record<ComponentKind, string> = { ev: 'EV', bms: 'BMS', mcu: 'MCU', vcu: 'VCU' };

/** The permission key a grant's target is managed under: OEM access has its own page and key. */
const keyOf = (target: GrantTarget): PermissionKey => (target === 'oem' ? 'oem.l' : 'ac.l');

/** A grant with what the list shows and searches: names and the status now. */
interface GrantView {
  row: AccessGrantRecord;
  targetName: string;
  granteeName: string;
  status: ApiGrant['status'];
}

const GRANT_LIST: ListSpec<GrantView> = {
  sortable: {
    createdAt: (g) => g.row.createdAt,
    expiresAt: (g) => g.row.expiresAt,
    granteeName: (g) => g.granteeName.toLowerCase(),
    status: (g) => g.status,
  },
  filterable: {
    status: (g) => g.status,
    target: (g) => g.row.target,
    kind: (g) => g.row.kind,
    granteeType: (g) => g.row.granteeType,
    roleCode: (g) => g.row.roleCode,
  },
  searchable: [(g) => g.granteeName, (g) => g.targetName, (g) => g.row.note],
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};

function targetNameOf(db: WorldDb, g: Pick<AccessGrantRecord, 'target' | 'targetId' | 'kind'>): string | undefined {
  const t = db.tables;
  if (g.target === 'deviceKind') return DEVICE_KIND_NAMES[g.kind];
  if (g.targetId === null) return undefined;
  if (g.target === 'vehicle') {
    const v = t.vehicles.get(g.targetId);
    return v ? `${v.registrationNumber} (${v.vin})` : undefined;
  }
  if (g.target === 'model') {
    const m = t.models.get(g.targetId);
    return m ? `${m.name} (${m.kind})` : undefined;
  }
  const o = t.oems.get(g.targetId);
  return o ? `${o.name} fleet` : undefined;
}

function granteeNameOf(db: WorldDb, type: AccessGrantRecord['granteeType'], id: string): string | undefined {
  const t = db.tables;
  switch (type) {
    case 'oem':
      return t.oems.get(id)?.name;
    case 'dealer':
      return t.dealers.get(id)?.name;
    case 'fleet':
      return t.fleets.get(id)?.name;
    case 'evowner':
      return t.evOwners.get(id)?.name;
    case 'driver':
      return t.drivers.get(id)?.name;
    case 'user': {
      const u = t.users.get(id);
      return u ? `${u.name} <${u.email}>` : undefined;
    }
  }
}

function viewOf(db: WorldDb, row: AccessGrantRecord, now: number): GrantView {
  return {
    row,
    targetName: targetNameOf(db, row) ?? row.targetId ?? '—',
    granteeName: granteeNameOf(db, row.granteeType, row.granteeId) ?? row.granteeId,
    status: grantStatus(row, now),
  };
}

function toApiGrant(view: GrantView): ApiGrant {
  return toApi<ApiGrant>({
    ...view.row,
    targetName: view.targetName,
    granteeName: view.granteeName,
    roleName: ROLE_LABELS[view.row.roleCode],
    status: view.status,
  });
}

/** The caller's OEM when their grants are limited to it; null for platform staff (every grant). */
function oemLimit(ctx: AuthContext): string | null {
  return ctx.roleType === 'platform' ? null : (ctx.user.oemId ?? '(none)');
}

/** True when the caller manages the grant: its key's permission and, below platform staff, their own OEM's. */
function manages(ctx: AuthContext, g: AccessGrantRecord, action: number = ACTION.LIST): boolean {
  if (!allows(ctx, keyOf(g.target), action)) return false;
  const limit = oemLimit(ctx);
  return limit === null || g.oemId === limit;
}

/** The grantee if the caller may grant to it, for the grant's role (and, for OEM access, the granted OEM). */
function granteeFor(
  ctx: AuthContext,
  db: WorldDb,
  type: AccessGrantRecord['granteeType'],
  role: RoleCode,
  id: string,
  oemId: string | null,
): string | undefined {
  const t = db.tables;
  if (type === 'oem') return ctx.roleType === 'platform' ? t.oems.get(id)?.name : undefined;
  if (type === 'user') {
    const u = t.users.get(id);
    return u && u.status === 1 && (u.roleId ?? u.role) === role ? u.name : undefined;
  }
  const owner = ownerInScope(ctx, db, type, id);
  if (!owner) return undefined;
  // OEM access joins a manufacturer with its own service centres and fleets.
  if (oemId !== null && type === 'dealer' && t.dealers.get(id)?.oemId !== oemId) return undefined;
  if (oemId !== null && type === 'fleet' && t.fleets.get(id)?.oemId !== oemId) return undefined;
  return owner.name;
}

/** A device-kind grant hands its holder that kind's admin permissions (decision 0089): there is no EV admin. */
const DEVICE_KIND_ONLY = 'Choose BMS, MCU or VCU: a device-kind grant opens one kind of device.';

function readGrant(ctx: AuthContext, db: WorldDb, body: Record<string, unknown>, now: number): AccessGrantRecord {
  const errors = new FieldErrors();
  const target = GRANT_TARGETS.find((t) => t === body.target);
  if (!target) errors.add('target', 'Choose what the grant opens: a vehicle, a model, a device kind or an OEM fleet.');
  const kind = COMPONENT_KINDS.find((k) => k === body.kind);
  if (!kind) errors.add('kind', 'Choose the component kind: EV, BMS, MCU or VCU.');
  else if (target === 'deviceKind' && kind === 'ev') errors.add('kind', DEVICE_KIND_ONLY);
  if (target) requirePermission(ctx, keyOf(target), ACTION.ADD);
  const limit = oemLimit(ctx);

  let targetId: string | null = null;
  let oemId: string | null = null;
  if (target && kind) {
    const id = typeof body.targetId === 'string' ? body.targetId : '';
    if (target === 'vehicle') {
      const v = db.tables.vehicles.get(id);
      if (!v || (limit !== null && v.oemId !== limit)) errors.add('targetId', 'Choose one of your vehicles.');
      else [targetId, oemId] = [v.id, v.oemId];
    } else if (target === 'model') {
      const m = db.tables.models.get(id);
      if (!m || (limit !== null && m.oemId !== limit)) errors.add('targetId', 'Choose one of your models.');
      else if (m.kind !== MODEL_KIND[kind]) errors.add('targetId', `Choose a ${MODEL_KIND[kind]} model.`);
      else [targetId, oemId] = [m.id, m.oemId];
    } else if (target === 'oem') {
      const o = db.tables.oems.get(id);
      if (!o || (limit !== null && o.id !== limit)) errors.add('targetId', 'Choose the OEM.');
      else [targetId, oemId] = [o.id, o.id];
    } else if (limit !== null) {
      errors.add('target', 'Only platform staff grant access to a whole device kind.');
    }
  }

  const roleCode = isRoleCode(body.roleCode) ? body.roleCode : undefined;
  const allowed = target && kind ? assignableRolesFor(target, kind) : [];
  if (!roleCode || !allowed.includes(roleCode))
    errors.add(
      'roleCode',
      allowed.length > 0
        ? `Choose one of: ${allowed.map((r) => ROLE_LABELS[r]).join(', ')}.`
        : 'Choose the role of the grant.',
    );
  const granteeType = roleCode ? GRANTEE_TYPE_OF_ROLE[roleCode] : undefined;
  const granteeId = typeof body.granteeId === 'string' ? body.granteeId : '';
  if (roleCode && granteeType && allowed.includes(roleCode)) {
    if (!granteeFor(ctx, db, granteeType, roleCode, granteeId, target === 'oem' ? oemId : null))
      errors.add('granteeId', `Choose the ${granteeType === 'user' ? 'account' : 'organisation'} that gets access.`);
  }

  let expiresAt: number | null = null;
  if (body.expiresAt !== undefined && body.expiresAt !== null && body.expiresAt !== '') {
    const at = typeof body.expiresAt === 'string' ? Date.parse(body.expiresAt) : Number.NaN;
    if (Number.isNaN(at)) errors.add('expiresAt', 'Enter a valid date.');
    else if (at <= now) errors.add('expiresAt', 'Choose an expiry in the future, or none.');
    else expiresAt = at;
  }
  let note: string | null = null;
  if (typeof body.note === 'string' && body.note.trim()) {
    if (body.note.trim().length > 200) errors.add('note', 'Use at most 200 characters.');
    else note = body.note.trim();
  }
  errors.throwIfAny();
  return {
    id: `acg-${crypto.randomUUID()}`,
    kind: kind as ComponentKind,
    target: target as GrantTarget,
    targetId,
    roleCode: roleCode as RoleCode,
    granteeType: granteeType as AccessGrantRecord['granteeType'],
    granteeId,
    oemId,
    note,
    expiresAt,
    revokedAt: null,
    revokedBy: null,
    createdAt: now,
    createdBy: ctx.user.name,
  };
}

/** Options of the grant form, in the caller's scope, at most 50. */
function candidates(ctx: AuthContext, db: WorldDb, url: URL): Choice[] {
  const type = url.searchParams.get('type');
  const q = (url.searchParams.get('q') ?? '').trim().toLowerCase();
  const hit = (...texts: (string | null | undefined)[]) => !q || texts.some((t) => t?.toLowerCase().includes(q));
  const limit = oemLimit(ctx);
  const out: Choice[] = [];
  const push = (value: string, label: string) => {
    if (out.length < 50) out.push({ value, label });
  };
  const t = db.tables;
  if (type === 'vehicle') {
    for (const v of t.vehicles.values()) {
      if (out.length >= 50) break;
      if ((limit === null || v.oemId === limit) && hit(v.registrationNumber, v.vin))
        push(v.id, `${v.registrationNumber} (${v.vin})`);
    }
  } else if (type === 'model') {
    const kind = COMPONENT_KINDS.find((k) => k === url.searchParams.get('kind'));
    for (const m of t.models.values())
      if ((limit === null || m.oemId === limit) && (!kind || m.kind === MODEL_KIND[kind]) && hit(m.name, m.code))
        push(m.id, `${m.name} (${m.kind})`);
  } else if (type === 'oem') {
    for (const o of t.oems.values()) if ((limit === null || o.id === limit) && hit(o.name)) push(o.id, o.name);
  } else if (type === 'grantee') {
    const role = url.searchParams.get('roleCode');
    const granteeType = isRoleCode(role) ? GRANTEE_TYPE_OF_ROLE[role] : undefined;
    if (!isRoleCode(role) || !granteeType) return [];
    const oemFilter = url.searchParams.get('oemId');
    const table =
      granteeType === 'oem'
        ? t.oems
        : granteeType === 'dealer'
          ? t.dealers
          : granteeType === 'fleet'
            ? t.fleets
            : granteeType === 'evowner'
              ? t.evOwners
              : granteeType === 'driver'
                ? t.drivers
                : null;
    if (table === null) {
      for (const u of t.users.values())
        if (u.status === 1 && (u.roleId ?? u.role) === role && hit(u.name, u.email))
          push(u.id, `${u.name} <${u.email}>`);
    } else {
      for (const row of table.values()) {
        if (out.length >= 50) break;
        if (!hit(row.name)) continue;
        if (oemFilter && 'oemId' in row && row.oemId !== oemFilter) continue;
        if (granteeFor(ctx, db, granteeType, role, row.id, null)) push(row.id, row.name);
      }
    }
  }
  return out;
}

/** Access grants (`ac.l`) and OEM access (`oem.l`): list, create, revoke; audit entity Access. */
export function createAccessGrantHandlers(http: ApiHttp) {
  return [
    http.get('/access-grants', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      const url = new URL(request.url);
      const askedTarget = url.searchParams.get('filter[target]');
      if (askedTarget === 'oem') requirePermission(ctx, 'oem.l');
      else requirePermission(ctx, { anyOf: ['ac.l', 'oem.l'] });
      const query = parseListQuery(url, GRANT_LIST);
      const now = Date.now();
      const rows: GrantView[] = [];
      for (const g of db.tables.accessGrants.values()) if (manages(ctx, g)) rows.push(viewOf(db, g, now));
      const page = applyListQuery(rows, query, GRANT_LIST);
      return response(200).json({ ...page, items: page.items.map(toApiGrant) });
    }),

    http.get('/access-grants/candidates', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: ['ac.l', 'oem.l'] }, ACTION.ADD);
      return response(200).json(candidates(ctx, db, new URL(request.url)));
    }),

    http.post('/access-grants', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: ['ac.l', 'oem.l'] }, ACTION.ADD);
      const now = Date.now();
      const grant = readGrant(ctx, db, await readJsonObject(request), now);
      for (const g of db.tables.accessGrants.values()) {
        if (
          grantStatus(g, now) === 'active' &&
          g.target === grant.target &&
          g.targetId === grant.targetId &&
          g.kind === grant.kind &&
          g.granteeType === grant.granteeType &&
          g.granteeId === grant.granteeId
        )
          throw conflict('This grantee already holds an active grant on this target.', {
            granteeId: 'Already has active access here; revoke that grant first to change it.',
          });
      }
      db.tables.accessGrants.insert(grant);
      const view = viewOf(db, grant, now);
      await recordAudit(
        db,
        ctx,
        'Access',
        grant.id,
        'Assign',
        `Granted ${view.granteeName} ${ROLE_LABELS[grant.roleCode]} on ${view.targetName}`,
      );
      await db.persist();
      return response(201).json(toApiGrant(view));
    }),

    http.post('/access-grants/{id}/revoke', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      const grant = db.tables.accessGrants.get(params.id);
      if (!grant || !manages(ctx, grant)) {
        if (grant && !allows(ctx, keyOf(grant.target))) throw forbidden();
        throw notFound('Access grant');
      }
      requirePermission(ctx, keyOf(grant.target), ACTION.DELETE);
      if (grant.revokedAt !== null) throw conflict('This grant was already revoked.');
      const now = Date.now();
      const revoked = db.tables.accessGrants.update(grant.id, {
        revokedAt: now,
        revokedBy: ctx.user.name,
      }) as AccessGrantRecord;
      const view = viewOf(db, revoked, now);
      await recordAudit(
        db,
        ctx,
        'Access',
        grant.id,
        'Unassign',
        `Revoked ${view.granteeName}'s access to ${view.targetName}`,
      );
      await db.persist();
      return response(200).json(toApiGrant(view));
    }),
  ];
}
