import { ACTION } from '@/domain/permissions';
import { appendAudit } from '../audit/audit-chain';
import { AppError, validationFailed } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { buildDevice } from './create-device';
import type { DeviceDeps } from './device-store';
import { DEVICE_AUDIT_ENTITY, DEVICE_LIST_KEY, type Device } from './device-types';

/** Kinds with a master list that imports; loggers are added one by one in component management. */
const IMPORT_TYPES = ['BMS', 'MCU', 'VCU'] as const;
type ImportType = (typeof IMPORT_TYPES)[number];

/**
 * POST /devices/import: each row of one kind is checked as a create (only its serial number, model and firmware: a
 * row cannot bring a type or an IMEI); valid rows are created unfitted (one Bulk Import audit entry, in one
 * transaction), invalid ones come back with their index and field errors. A serial twice in one chunk: the second
 * row is refused. Needs the Import action on the kind's list.
 */
export async function importDevices(
  deps: DeviceDeps,
  caller: Caller,
  input: { type: ImportType; rows: Schemas['DeviceImportRow'][] },
): Promise<Schemas['DeviceImportResult']> {
  const type = IMPORT_TYPES.find((t) => t === input.type);
  if (!type) throw validationFailed({ type: 'Choose BMS, MCU or VCU.' });
  requirePermission(caller, DEVICE_LIST_KEY[type], ACTION.IMPORT);
  const accepted: Device[] = [];
  const errors: Schemas['DeviceImportResult']['errors'] = [];
  const inChunk = new Set<string>();
  const serials = {
    serialTaken: async (t: Device['type'], serial: string) =>
      inChunk.has(serial) || (await deps.devices.serialTaken(t, serial)),
  };
  for (const [row, fields] of input.rows.entries()) {
    try {
      const { serialNumber, modelId, firmwareVersion } = fields;
      const device = await buildDevice(deps, caller, type, { serialNumber, modelId, firmwareVersion }, serials);
      inChunk.add(device.serialNumber);
      accepted.push(device);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      errors.push({ row, fieldErrors: error.fieldErrors ?? { body: error.message } });
    }
  }
  if (accepted.length === 0) return { created: [], errors };
  const now = deps.now();
  const created = await deps.transact(async (tx) => {
    for (const device of accepted) await tx.devices.insert(device);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: DEVICE_AUDIT_ENTITY[type],
        entityId: 'import',
        action: 'Bulk Import',
        summary: `Imported ${accepted.length} ${type} devices`,
        changes: [],
      },
      now,
    );
    const out: Device[] = [];
    for (const device of accepted) out.push((await tx.devices.get(device.id, null)) as Device);
    return out;
  });
  return { created, errors };
}
