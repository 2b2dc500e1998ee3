import type { Caller } from '../lib/caller';
import { type VehicleScope, vehicleScopeOf } from '../vehicles/vehicle-scope';

/**
 * Which tickets a caller sees (openapi.yaml listTickets): platform staff all; a service centre admin its service
 * centre's; a service centre employee those of its service centre assigned to them or to nobody; an OEM, fleet,
 * driver or EV owner those of vehicles in their vehicle scope (`vehicleScopeOf`); component staff the ones they opened.
 */
export type TicketScope =
  | { kind: 'all' }
  | { kind: 'dealer'; dealerId: string | null; employeeId: string | null }
  | { kind: 'vehicles'; vehicles: VehicleScope }
  | { kind: 'opener'; userId: string };

export function ticketScopeOf(caller: Caller): TicketScope {
  switch (caller.roleType) {
    case 'platform':
      return { kind: 'all' };
    case 'dealer':
      return {
        kind: 'dealer',
        dealerId: caller.user.dealerId,
        employeeId: caller.user.role === 'DA' ? null : caller.user.id,
      };
    case 'oem':
    case 'fleet':
    case 'driver':
    case 'evOwner':
      return { kind: 'vehicles', vehicles: vehicleScopeOf(caller) };
    default:
      return { kind: 'opener', userId: caller.user.id };
  }
}

/** Drivers and EV owners: they see replies, never internal notes, and only act on their own tickets. */
export function isRequester(caller: Caller): boolean {
  return caller.roleType === 'driver' || caller.roleType === 'evOwner';
}

/**
 * The service centres a caller may assign tickets to (openapi.yaml listTicketAssignees): their own for service centre
 * staff, their OEM's for OEM staff, every one for others.
 */
export type AssignScope = { dealerId: string | null } | { oemId: string | null } | null;

export function assignScopeOf(caller: Caller): AssignScope {
  if (caller.roleType === 'dealer') return { dealerId: caller.user.dealerId };
  if (caller.roleType === 'oem') return { oemId: caller.user.oemId };
  return null;
}
