import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import type { Schemas } from '../lib/api-types';
import type { Caller } from '../lib/caller';
import { geofenceOr404, seenBy } from './get-geofence';
import { readGeofenceFields } from './geofence-fields';
import type { GeofenceDeps } from './geofence-store';
import { GEOFENCE_AUDIT_ENTITY, type Geofence } from './geofence-types';

/**
 * PATCH /geofences/{id}: the fields sent change, the others stay. Needs `gr` with Update. Assigned vehicles outside
 * the caller's scope are kept as they are; the audit entry holds the change as the caller sees it.
 */
export async function updateGeofence(
  deps: GeofenceDeps,
  caller: Caller,
  input: { id: string; patch: Schemas['GeofencePatch'] },
): Promise<Geofence> {
  const current = await geofenceOr404(deps.geofences, caller, input.id, ACTION.UPDATE);
  const changes = await readGeofenceFields(deps.geofences, caller, input.patch as Record<string, unknown>, current);
  const now = deps.now();
  return deps.transact(async (tx) => {
    const before = await seenBy(tx.geofences, caller, current);
    await tx.geofences.update(current.id, { ...changes, updatedAt: now.toISOString() });
    const after = await seenBy(tx.geofences, caller, (await tx.geofences.get(current.id)) as Geofence);
    const changed = diffFields(before, after);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: GEOFENCE_AUDIT_ENTITY,
        entityId: current.id,
        action: 'Update',
        summary: `Updated geofence ${after.name}`,
        changes: changed,
      },
      now,
    );
    return after;
  });
}
