import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import type { Caller } from '../lib/caller';
import { geofenceOr404, seenBy } from './get-geofence';
import type { GeofenceDeps } from './geofence-store';
import { GEOFENCE_AUDIT_ENTITY } from './geofence-types';

/** DELETE /geofences/{id}: needs `gr` with Delete. */
export async function deleteGeofence(deps: GeofenceDeps, caller: Caller, input: { id: string }): Promise<void> {
  const geofence = await geofenceOr404(deps.geofences, caller, input.id, ACTION.DELETE);
  const now = deps.now();
  await deps.transact(async (tx) => {
    const before = await seenBy(tx.geofences, caller, geofence);
    await tx.geofences.delete(geofence.id);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: GEOFENCE_AUDIT_ENTITY,
        entityId: geofence.id,
        action: 'Delete',
        summary: `Deleted geofence ${geofence.name}`,
        changes: diffFields(before, null),
      },
      now,
    );
  });
}
