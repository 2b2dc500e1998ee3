import { ACTION } from '@/domain/permissions';
import type { WorldDb } from '../world/db';
import type { ApiSimCard, SimCard } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { FieldErrors, readJsonObject, requiredString } from './lib/body';
import { conflict, notFound, validationFailed } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { toApi } from './lib/serialize';

const asApi = (s: SimCard) => toApi<ApiSimCard>(s);
const ICCID = /^\d{19,20}$/;

function simOr404(db: WorldDb, id: string): SimCard {
  const sim = db.tables.sims.get(id);
  if (!sim) throw notFound('SIM card');
  return sim;
}

export const SIM_LIST: ListSpec<SimCard> = {
  sortable: {
    iccid: (s) => s.iccid,
    msisdn: (s) => s.msisdn,
    operator: (s) => s.operator,
    status: (s) => s.status,
    createdAt: (s) => s.createdAt,
  },
  filterable: { operator: (s) => s.operator, status: (s) => s.status, assigned: (s) => s.loggerId !== null },
  searchable: [(s) => s.iccid, (s) => s.msisdn],
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};

/** SIM cards of the loggers (component management). */
export function createSimHandlers(http: ApiHttp) {
  return [
    http.get('/sims', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'cm');
      const query = parseListQuery(new URL(request.url), SIM_LIST);
      const page = applyListQuery(db.tables.sims.values(), query, SIM_LIST);
      return response(200).json({ ...page, items: page.items.map(asApi) });
    }),

    http.post('/sims', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'cm', ACTION.ADD);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const iccid = requiredString(errors, body, 'iccid', 'the ICCID', 20);
      if (iccid && !ICCID.test(iccid)) errors.add('iccid', 'The ICCID has 19 or 20 digits.');
      const msisdn = requiredString(errors, body, 'msisdn', 'the phone number', 20);
      const operator = requiredString(errors, body, 'operator', 'the operator', 40);
      errors.throwIfAny();
      if (!iccid || !msisdn || !operator) throw validationFailed({ body: 'Incomplete SIM card.' });
      for (const other of db.tables.sims.values()) {
        if (other.iccid === iccid) throw conflict('A SIM card with this ICCID exists.', { iccid: 'Already in use.' });
      }
      const now = Date.now();
      const sim: SimCard = {
        id: `sim-${crypto.randomUUID()}`,
        iccid,
        msisdn,
        operator,
        loggerId: null,
        status: 1,
        createdAt: now,
        updatedAt: now,
      };
      db.tables.sims.insert(sim);
      await recordAudit(db, ctx, 'SIM Card', sim.id, 'Add', `Added SIM ${iccid}`);
      await db.persist();
      return response(201).json(asApi(sim));
    }),

    http.get('/sims/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      requirePermission(requireAuth(request, db), 'cm');
      return response(200).json(asApi(simOr404(db, params.id)));
    }),

    http.patch('/sims/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'cm', ACTION.UPDATE);
      const sim = simOr404(db, params.id);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const changes: Partial<SimCard> = {};
      if (body.msisdn !== undefined) changes.msisdn = requiredString(errors, body, 'msisdn', 'the phone number', 20);
      if (body.operator !== undefined) changes.operator = requiredString(errors, body, 'operator', 'the operator', 40);
      errors.throwIfAny();
      const updated = db.tables.sims.update(sim.id, { ...changes, updatedAt: Date.now() }) as SimCard;
      await recordAudit(
        db,
        ctx,
        'SIM Card',
        sim.id,
        'Update',
        `Updated ${Object.keys(changes).join(', ') || 'nothing'}`,
      );
      await db.persist();
      return response(200).json(asApi(updated));
    }),

    http.delete('/sims/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'cm', ACTION.DELETE);
      const sim = simOr404(db, params.id);
      for (const v of db.tables.vehicles.values()) {
        if (v.simId === sim.id) db.tables.vehicles.update(v.id, { simId: null, updatedAt: Date.now() });
      }
      db.tables.sims.remove(sim.id);
      await recordAudit(db, ctx, 'SIM Card', sim.id, 'Delete', `Deleted SIM ${sim.iccid}`);
      await db.persist();
      return response(204).empty();
    }),

    http.post('/sims/{id}/assign', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      const body = await readJsonObject(request);
      const loggerId = body.loggerId;
      if (loggerId !== null && (typeof loggerId !== 'string' || !db.tables.loggers.get(loggerId))) {
        throw validationFailed({ loggerId: 'Choose an existing logger or none.' });
      }
      requirePermission(ctx, 'cm', loggerId === null ? ACTION.UNASSIGN : ACTION.ASSIGN);
      const sim = simOr404(db, params.id);
      const now = Date.now();
      // A logger holds one SIM card: the one it had comes out.
      if (loggerId !== null) {
        for (const other of db.tables.sims.values()) {
          if (other.loggerId === loggerId && other.id !== sim.id)
            db.tables.sims.update(other.id, { loggerId: null, updatedAt: now });
        }
      }
      const updated = db.tables.sims.update(sim.id, { loggerId: loggerId as string | null, updatedAt: now }) as SimCard;
      await recordAudit(
        db,
        ctx,
        'SIM Card',
        sim.id,
        loggerId === null ? 'Unassign' : 'Assign',
        loggerId === null ? 'Removed from its logger' : `Put into logger ${loggerId}`,
      );
      await db.persist();
      return response(200).json(asApi(updated));
    }),

    http.post('/sims/{id}/status', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'cm', ACTION.CHANGE_STATUS);
      const sim = simOr404(db, params.id);
      const body = await readJsonObject(request);
      if (body.status !== 0 && body.status !== 1)
        throw validationFailed({ status: 'Status is 0 (inactive) or 1 (active).' });
      const updated = db.tables.sims.update(sim.id, { status: body.status, updatedAt: Date.now() }) as SimCard;
      await recordAudit(db, ctx, 'SIM Card', sim.id, 'Change Status', body.status === 1 ? 'Activated' : 'Deactivated');
      await db.persist();
      return response(200).json(asApi(updated));
    }),
  ];
}
