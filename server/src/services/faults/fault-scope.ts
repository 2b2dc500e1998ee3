import type { RoleType } from '@/domain/roles';
import { allows, type Caller } from '../lib/caller';
import { type VehicleScope, vehicleScopeOf } from '../vehicles/vehicle-scope';
import { FAULT_DEVICE_KINDS, FAULT_KIND_KEY, type FaultDeviceKind } from './fault-types';

/** Role types whose staff look after one kind of component, not after vehicles. */
export const COMPONENT_ROLE_TYPES: ReadonlySet<RoleType> = new Set(['bms', 'mcu', 'vcu', 'component']);

/**
 * Which faults a caller sees: those of vehicles in their vehicle scope (`vehicleScopeOf`); component staff (BMS, MCU,
 * VCU and other component roles) only those of the device kinds whose list they hold (`kinds`, null: every kind), as
 * their screens do: a BMS admin sees BMS faults, and MCU faults too while an MCU device-kind grant lasts (decision 0089).
 */
export interface FaultScope {
  vehicles: VehicleScope;
  kinds: readonly FaultDeviceKind[] | null;
}

export function faultScopeOf(caller: Caller): FaultScope {
  const kinds = COMPONENT_ROLE_TYPES.has(caller.roleType)
    ? FAULT_DEVICE_KINDS.filter((kind) => allows(caller, FAULT_KIND_KEY[kind]))
    : null;
  return { vehicles: vehicleScopeOf(caller), kinds };
}
