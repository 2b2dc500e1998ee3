import type { WorldDb } from '../world/db';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { allows, requireAuth } from './lib/auth-context';
import { forbidden } from './lib/http-error';
import { applyListQuery, parseListQuery } from './lib/list-query';
import { deviceFilterFor, firmwareFilterFor } from './lib/scope';

import { DEVICE_TABLE, type FirmwareHandlerOptions, OTA_LIST, otaApi, settleRollout } from './lib/firmware';

/** The kind of a BMS or MCU device (the two with an OTA history key on their details page), else null. */
function otaKindOf(db: WorldDb, deviceId: string): 'BMS' | 'MCU' | null {
  if (db.tables.bmsDevices.get(deviceId)) return 'BMS';
  if (db.tables.mcuDevices.get(deviceId)) return 'MCU';
  return null;
}

/** The Device OTA history (`FOTA.h`, or a details page's OTA history key), with open rollouts settled first. */
export function createOtaUpdateHandlers(http: ApiHttp, options: FirmwareHandlerOptions = {}) {
  return [
    http.get('/ota-updates', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      const query = parseListQuery(new URL(request.url), OTA_LIST);
      // The fleet-wide history needs FOTA.h; one vehicle's or device's history is also open to its details page's
      // OTA history key (vh.l.d.ota, BMS.l.d.ota, MCU.l.d.ota).
      if (!allows(ctx, 'FOTA.h')) {
        const deviceId = query.filters.get('deviceId')?.[0];
        const vehicleId = query.filters.get('vehicleId')?.[0];
        const kind = deviceId ? otaKindOf(db, deviceId) : null;
        const ok =
          (vehicleId !== undefined && allows(ctx, 'vh.l.d.ota')) ||
          (kind === 'BMS' && allows(ctx, 'BMS.l.d.ota')) ||
          (kind === 'MCU' && allows(ctx, 'MCU.l.d.ota'));
        if (!ok) throw forbidden();
      }
      // Settle open rollouts first, so that the history shows where they are now.
      const sees = firmwareFilterFor(ctx);
      const now = Date.now();
      for (const r of db.tables.firmwareRollouts.all()) if (sees(r)) settleRollout(db, r, now, options.onUpdate);
      await db.persist();
      const inScope = deviceFilterFor(ctx, db);
      const rows = db.tables.otaUpdates.all().filter((u) => {
        if (u.sentAt === null) return false;
        const device = db.tables[DEVICE_TABLE[u.deviceType]].get(u.deviceId);
        return device !== undefined && inScope(device);
      });
      const page = applyListQuery(rows, query, OTA_LIST);
      return response(200).json({ ...page, items: page.items.map(otaApi) });
    }),
  ];
}
