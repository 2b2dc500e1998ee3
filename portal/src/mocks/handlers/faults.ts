import { ACTION, type PermissionKey } from '@/domain/permissions';
import type { WorldDb } from '../world/db';
import type { ApiFault, Fault } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { notFound } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { faultFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';

const FAULT_KEYS: readonly PermissionKey[] = ['vh.l.d.f', 'BMS.l.d.f', 'MCU.l.d.f', 'db.fs', 'db.raf'];

export const FAULT_LIST: ListSpec<Fault> = {
  sortable: {
    occurredAt: (f) => f.occurredAt,
    severity: (f) => f.severity,
    code: (f) => f.code,
    kind: (f) => f.kind,
    deviceKind: (f) => f.deviceKind,
  },
  filterable: {
    vehicleId: (f) => f.vehicleId,
    deviceId: (f) => f.deviceId,
    deviceKind: (f) => f.deviceKind,
    kind: (f) => f.kind,
    scope: (f) => f.scope,
    severity: (f) => f.severity,
    code: (f) => f.code,
    active: (f) => f.clearedAt === null,
    acknowledged: (f) => f.acknowledgedAt !== null,
  },
  searchable: [(f) => f.code, (f) => f.name],
  time: (f) => f.occurredAt,
  defaultSort: [{ field: 'occurredAt', direction: 'desc' }],
};

function faultOr404(ctx: AuthContext, db: WorldDb, id: string): Fault {
  const fault = db.tables.faults.get(id);
  if (!fault || !faultFilterFor(ctx, db)(fault)) throw notFound('Fault');
  return fault;
}

/** Fault and alert occurrences: list, details, acknowledge. */
export function createFaultHandlers(http: ApiHttp) {
  return [
    http.get('/faults', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: FAULT_KEYS });
      const query = parseListQuery(new URL(request.url), FAULT_LIST);
      const rows = Array.from(db.tables.faults.values()).filter(faultFilterFor(ctx, db));
      const page = applyListQuery(rows, query, FAULT_LIST);
      return response(200).json({ ...page, items: page.items.map((f) => toApi<ApiFault>(f)) });
    }),

    http.get('/faults/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: FAULT_KEYS });
      return response(200).json(toApi<ApiFault>(faultOr404(ctx, db, params.id)));
    }),

    http.post('/faults/{id}/acknowledge', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: ['vh.l.d.f', 'BMS.l.d.f', 'MCU.l.d.f'] }, ACTION.UPDATE);
      const fault = faultOr404(ctx, db, params.id);
      // Acknowledging twice keeps the first acknowledgement: who saw it first matters.
      const updated =
        fault.acknowledgedAt === null
          ? (db.tables.faults.update(fault.id, { acknowledgedAt: Date.now(), acknowledgedBy: ctx.user.id }) as Fault)
          : fault;
      if (updated !== fault) {
        await recordAudit(db, ctx, 'Fault', fault.id, 'Update', `Acknowledged ${fault.code}`);
        await db.persist();
      }
      return response(200).json(toApi<ApiFault>(updated));
    }),
  ];
}
