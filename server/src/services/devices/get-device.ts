import { ACTION } from '@/domain/permissions';
import { forbidden, notFound } from '../lib/app-error';
import { allows, type Caller } from '../lib/caller';
import { deviceScopeOf } from './device-scope';
import type { DeviceDeps, DeviceStore } from './device-store';
import { type Device, DEVICE_LIST_KEY } from './device-types';

/**
 * The device in the caller's scope, or the contract's 404; 403 when it is in scope but the caller may not do
 * `action` (default List) on its kind's list.
 */
export async function deviceInScope(
  store: DeviceStore,
  caller: Caller,
  id: string,
  action: number = ACTION.LIST,
): Promise<Device> {
  const device = await store.get(id, deviceScopeOf(caller));
  if (!device) throw notFound('Device');
  if (!allows(caller, DEVICE_LIST_KEY[device.type], action)) throw forbidden();
  return device;
}

/** GET /devices/{id}. */
export async function getDevice(deps: DeviceDeps, caller: Caller, input: { id: string }): Promise<Device> {
  return deviceInScope(deps.devices, caller, input.id);
}
