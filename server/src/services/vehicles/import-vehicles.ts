import { ACTION } from '@/domain/permissions';
import { appendAudit } from '../audit/audit-chain';
import { AppError } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { buildVehicle } from './create-vehicle';
import type { Vehicle, VehicleData, VehicleDeps } from './vehicle-store';

/**
 * POST /vehicles/import: each row is checked as a create; valid rows are created (with one Bulk Import audit entry, in
 * one transaction), invalid ones come back with their index and field errors. A VIN twice in one chunk: the second
 * row is refused.
 */
export async function importVehicles(
  deps: VehicleDeps,
  caller: Caller,
  input: { rows: Schemas['VehicleInput'][] },
): Promise<Schemas['ImportResult']> {
  requirePermission(caller, 'vh.l', ACTION.IMPORT);
  const accepted: VehicleData[] = [];
  const errors: Schemas['ImportResult']['errors'] = [];
  const vinsInChunk = new Set<string>();
  const vins = {
    vinTaken: async (vin: string) => vinsInChunk.has(vin) || (await deps.vehicles.vinTaken(vin)),
  };
  for (const [row, fields] of input.rows.entries()) {
    try {
      const vehicle = await buildVehicle(deps, caller, fields, vins);
      vinsInChunk.add(vehicle.vin);
      accepted.push(vehicle);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      errors.push({ row, fieldErrors: error.fieldErrors ?? { body: error.message } });
    }
  }
  if (accepted.length === 0) return { created: [], errors };
  const now = deps.now();
  const created = await deps.transact(async (tx) => {
    for (const vehicle of accepted) await tx.vehicles.insert(vehicle);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: 'Vehicle',
        entityId: 'import',
        action: 'Bulk Import',
        summary: `Imported ${accepted.length} vehicles`,
        changes: [],
      },
      now,
    );
    const out: Vehicle[] = [];
    for (const vehicle of accepted) out.push((await tx.vehicles.get(vehicle.id, null)) as Vehicle);
    return out;
  });
  return { created, errors };
}
