import type { ApiHttp } from './http';
import { createFirmwareReleaseHandlers } from './firmware-releases';
import { createFirmwareRolloutHandlers } from './firmware-rollouts';
import type { FirmwareHandlerOptions } from './lib/firmware';
import { createOtaUpdateHandlers } from './ota-updates';

/**
 * Firmware (decision 0074), one file per resource: releases (`firmware-releases.ts`), staged rollouts
 * (`firmware-rollouts.ts`) and the Device OTA history (`ota-updates.ts`); what they share is in `lib/firmware.ts`.
 */
export function createFirmwareHandlers(http: ApiHttp, options: FirmwareHandlerOptions = {}) {
  return [
    ...createFirmwareReleaseHandlers(http),
    ...createFirmwareRolloutHandlers(http, options),
    ...createOtaUpdateHandlers(http, options),
  ];
}
