import type { PermissionKey } from '@/domain/permissions';
import type { DeviceType } from '../devices/device-types';
import { COMPONENT_ROLE_TYPES } from '../faults/fault-scope';
import { allows, type Caller } from '../lib/caller';

/** The list key of each kind of device that firmware is released for; loggers have none (OEMs and the platform only). */
const FIRMWARE_KIND_KEY: Record<DeviceType, PermissionKey | null> = {
  BMS: 'BMS.l',
  MCU: 'MCU.l',
  VCU: 'VCU.l',
  LOGGER: null,
};

/**
 * Which firmware releases and rollouts a caller sees (decision 0098): platform staff every one (null); an OEM its
 * own (`oemId`); component staff those of the device kinds whose list they hold, of every OEM (`kinds`); everyone
 * else none (no kinds).
 */
export type FirmwareScope = null | { oemId: string | null } | { kinds: readonly DeviceType[] };

export function firmwareScopeOf(caller: Caller): FirmwareScope {
  if (caller.roleType === 'platform') return null;
  if (caller.roleType === 'oem') return { oemId: caller.user.oemId };
  if (COMPONENT_ROLE_TYPES.has(caller.roleType)) {
    const kinds = (Object.keys(FIRMWARE_KIND_KEY) as DeviceType[]).filter((kind) => {
      const key = FIRMWARE_KIND_KEY[kind];
      return key !== null && allows(caller, key);
    });
    return { kinds };
  }
  return { kinds: [] };
}

/** True when a release or rollout of this OEM and device kind is in the scope. */
export function firmwareInScope(scope: FirmwareScope, item: { oemId: string; deviceType: DeviceType }): boolean {
  if (scope === null) return true;
  if ('oemId' in scope) return scope.oemId !== null && item.oemId === scope.oemId;
  return scope.kinds.includes(item.deviceType);
}
