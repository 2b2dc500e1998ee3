import { ACTION, type PermissionKey } from '@/domain/permissions';
import { forbidden } from '../lib/app-error';
import { allows, type Caller } from '../lib/caller';
import type { DeviceKind } from './command-types';

/**
 * Who may send which command to a vehicle from its details (`POST /vehicles/{id}/commands`): Send Command on vehicles
 * (`vh.l.d.c.s`) sends any of its commands; the Commands area of a BMS, MCU or VCU (`<kind>.l.d.c`) only its own
 * device kind's (decision 0085). Every key with Add. The history page's sends need `cmd` with Add.
 */
export function mayVehicleSend(caller: Caller, kind: DeviceKind): boolean {
  if (allows(caller, 'vh.l.d.c.s', ACTION.ADD)) return true;
  return kind !== 'EV' && allows(caller, `${kind}.l.d.c` as PermissionKey, ACTION.ADD);
}

export function requireVehicleSend(caller: Caller, kind: DeviceKind): void {
  if (!mayVehicleSend(caller, kind)) throw forbidden();
}
