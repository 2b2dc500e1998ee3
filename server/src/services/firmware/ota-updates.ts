import { deviceScopeOf } from '../devices/device-scope';
import type { Schemas } from '../lib/api-types';
import { forbidden } from '../lib/app-error';
import { allows, type Caller } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { OTA_LIST } from './firmware-list-spec';
import type { FirmwareDeps } from './firmware-store';
import { otaApi } from './firmware-types';

/**
 * GET /ota-updates: the Device OTA history, the sent updates of the devices in the caller's device scope. The
 * fleet-wide history needs `FOTA.h`; one vehicle's history is also open to its details page's key (`vh.l.d.ota`), one
 * BMS's or MCU's to theirs (`BMS.l.d.ota`, `MCU.l.d.ota`).
 */
export async function listOtaUpdates(
  deps: FirmwareDeps,
  caller: Caller,
  input: ListParams,
): Promise<Schemas['OtaUpdatePage']> {
  const query = parseListQuery(input, OTA_LIST);
  if (!allows(caller, 'FOTA.h')) {
    const deviceId = query.filters.find((f) => f.field === 'deviceId')?.values[0];
    const vehicleId = query.filters.find((f) => f.field === 'vehicleId')?.values[0];
    const kind = typeof deviceId === 'string' ? await deps.firmware.deviceKind(deviceId) : undefined;
    const ok =
      (vehicleId !== undefined && allows(caller, 'vh.l.d.ota')) ||
      (kind === 'BMS' && allows(caller, 'BMS.l.d.ota')) ||
      (kind === 'MCU' && allows(caller, 'MCU.l.d.ota'));
    if (!ok) throw forbidden();
  }
  const { items, total } = await deps.firmware.listUpdates({ devices: deviceScopeOf(caller) }, query);
  return { items: items.map(otaApi), total, page: query.page, pageSize: query.pageSize };
}
