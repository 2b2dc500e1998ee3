import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { seenBy } from './get-geofence';
import { type GeofenceFields, readGeofenceFields } from './geofence-fields';
import type { GeofenceDeps } from './geofence-store';
import { GEOFENCE_AUDIT_ENTITY, type Geofence } from './geofence-types';

/** POST /geofences: needs `gr` with Add. Throws 400 with every field error; writes nothing then. */
export async function createGeofence(
  deps: GeofenceDeps,
  caller: Caller,
  input: Schemas['GeofenceInput'],
): Promise<Geofence> {
  requirePermission(caller, 'gr', ACTION.ADD);
  const fields = (await readGeofenceFields(
    deps.geofences,
    caller,
    input as Record<string, unknown>,
    null,
  )) as GeofenceFields;
  const now = deps.now();
  const at = now.toISOString();
  const geofence: Geofence = { id: `gf-${crypto.randomUUID()}`, ...fields, createdAt: at, updatedAt: at };
  return deps.transact(async (tx) => {
    await tx.geofences.insert(geofence);
    const after = await seenBy(tx.geofences, caller, (await tx.geofences.get(geofence.id)) as Geofence);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: GEOFENCE_AUDIT_ENTITY,
        entityId: geofence.id,
        action: 'Add',
        summary: `Added geofence ${geofence.name}`,
        changes: diffFields(null, after),
      },
      now,
    );
    return after;
  });
}
