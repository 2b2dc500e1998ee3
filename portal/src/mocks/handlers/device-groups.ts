import { ACTION } from '@/domain/permissions';
import type { components } from '@/domain/api-schema';
import type { WorldDb } from '../world/db';
import type { DeviceGroupRecord } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { groupMembers, OWNER_KINDS, type OwnerKind, ownerInScope, ownerVehicles } from './lib/access-scope';
import { recordAudit } from './lib/audit-log';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors, readJsonObject } from './lib/body';
import { notFound } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { toApi } from './lib/serialize';

type ApiDeviceGroup = components['schemas']['DeviceGroup'];
type GroupFilter = NonNullable<DeviceGroupRecord['filter']>;

export const DEVICE_GROUP_LIST: ListSpec<DeviceGroupRecord> = {
  sortable: { name: (g) => g.name.toLowerCase(), ownerKind: (g) => g.ownerKind, updatedAt: (g) => g.updatedAt },
  filterable: { ownerKind: (g) => g.ownerKind, ownerId: (g) => g.ownerId },
  searchable: [(g) => g.name, (g) => g.description],
  defaultSort: [{ field: 'name', direction: 'asc' }],
};

function toApiGroup(ctx: AuthContext, db: WorldDb, group: DeviceGroupRecord): ApiDeviceGroup {
  const owner = ownerInScope(ctx, db, group.ownerKind, group.ownerId);
  return toApi<ApiDeviceGroup>({
    ...group,
    ownerName: owner?.name ?? group.ownerId,
    vehicleIds: groupMembers(ctx, db, group),
  });
}

function scopedGroupOr404(ctx: AuthContext, db: WorldDb, id: string): DeviceGroupRecord {
  const group = db.tables.deviceGroups.get(id);
  if (!group || !ownerInScope(ctx, db, group.ownerKind, group.ownerId)) throw notFound('Device group');
  return group;
}

function readFilter(errors: FieldErrors, db: WorldDb, value: unknown): GroupFilter {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const modelId = typeof raw.modelId === 'string' && raw.modelId !== '' ? raw.modelId : null;
  if (modelId && !db.tables.models.get(modelId)) errors.add('filter.modelId', 'Choose a known model.');
  const status = raw.status === 0 || raw.status === 1 ? raw.status : null;
  if (raw.status !== undefined && raw.status !== null && status === null)
    errors.add('filter.status', 'Choose active, inactive or any.');
  const q = typeof raw.q === 'string' && raw.q.trim() !== '' ? raw.q.trim().slice(0, 60) : null;
  return { modelId, status, q };
}

type GroupFields = Omit<DeviceGroupRecord, 'id' | 'createdAt' | 'updatedAt'>;

/** Reads and checks a whole group (create and update send every field). */
function readGroup(ctx: AuthContext, db: WorldDb, body: Record<string, unknown>): GroupFields {
  const errors = new FieldErrors();
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) errors.add('name', 'Enter a name.');
  else if (name.length > 80) errors.add('name', 'Use at most 80 characters.');
  const description = typeof body.description === 'string' ? body.description.trim().slice(0, 240) : '';
  const ownerKind = OWNER_KINDS.includes(body.ownerKind as OwnerKind) ? (body.ownerKind as OwnerKind) : undefined;
  if (!ownerKind) errors.add('ownerKind', 'Choose who owns the group: a service centre, fleet, EV owner or driver.');
  const ownerId = typeof body.ownerId === 'string' ? body.ownerId : '';
  if (ownerKind && (!ownerId || !ownerInScope(ctx, db, ownerKind, ownerId)))
    errors.add('ownerId', 'Choose the owner of the group.');
  const mode = body.mode === 'pick' || body.mode === 'filter' ? body.mode : undefined;
  if (!mode) errors.add('mode', 'Choose to pick vehicles or to build the group by a filter.');
  let vehicleIds: string[] = [];
  let filter: GroupFilter | null = null;
  if (mode === 'pick') {
    const raw = body.vehicleIds;
    if (!Array.isArray(raw) || raw.some((id) => typeof id !== 'string')) {
      errors.add('vehicleIds', 'Pick at least one vehicle.');
    } else if (raw.length === 0) {
      errors.add('vehicleIds', 'Pick at least one vehicle.');
    } else if (ownerKind && ownerId && !errors.has('ownerId')) {
      const owned = new Set(ownerVehicles(ctx, db, ownerKind, ownerId).map((v) => v.id));
      const foreign = (raw as string[]).filter((id) => !owned.has(id));
      if (foreign.length > 0)
        errors.add('vehicleIds', `Not vehicles of this owner: ${foreign.slice(0, 5).join(', ')}.`);
      vehicleIds = [...new Set(raw as string[])];
    }
  } else if (mode === 'filter') {
    filter = readFilter(errors, db, body.filter);
  }
  errors.throwIfAny();
  return {
    name,
    description,
    ownerKind: ownerKind as OwnerKind,
    ownerId,
    mode: mode as GroupFields['mode'],
    filter,
    vehicleIds,
  };
}

/** Device groups (`su.DG`; audit entity Access): the groups commands, rules and rollouts pick. */
export function createDeviceGroupHandlers(http: ApiHttp) {
  return [
    http.get('/device-groups', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'su.DG');
      const query = parseListQuery(new URL(request.url), DEVICE_GROUP_LIST);
      const rows = db.tables.deviceGroups.all().filter((g) => ownerInScope(ctx, db, g.ownerKind, g.ownerId));
      const page = applyListQuery(rows, query, DEVICE_GROUP_LIST);
      return response(200).json({ ...page, items: page.items.map((g) => toApiGroup(ctx, db, g)) });
    }),

    http.post('/device-groups', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'su.DG', ACTION.ADD);
      const fields = readGroup(ctx, db, await readJsonObject(request));
      const now = Date.now();
      const group: DeviceGroupRecord = { id: `dgr-${crypto.randomUUID()}`, ...fields, createdAt: now, updatedAt: now };
      db.tables.deviceGroups.insert(group);
      await recordAudit(db, ctx, 'Access', group.id, 'Add', `Added device group ${group.name}`);
      await db.persist();
      return response(201).json(toApiGroup(ctx, db, group));
    }),

    http.get('/device-groups/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'su.DG');
      return response(200).json(toApiGroup(ctx, db, scopedGroupOr404(ctx, db, params.id)));
    }),

    http.patch('/device-groups/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'su.DG', ACTION.UPDATE);
      const current = scopedGroupOr404(ctx, db, params.id);
      const fields = readGroup(ctx, db, await readJsonObject(request));
      const updated = db.tables.deviceGroups.update(current.id, {
        ...fields,
        updatedAt: Date.now(),
      }) as DeviceGroupRecord;
      await recordAudit(db, ctx, 'Access', current.id, 'Update', `Updated device group ${updated.name}`);
      await db.persist();
      return response(200).json(toApiGroup(ctx, db, updated));
    }),

    http.delete('/device-groups/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'su.DG', ACTION.DELETE);
      const group = scopedGroupOr404(ctx, db, params.id);
      db.tables.deviceGroups.remove(group.id);
      await recordAudit(db, ctx, 'Access', group.id, 'Delete', `Deleted device group ${group.name}`);
      await db.persist();
      return response(204).empty();
    }),
  ];
}
