import type { Vehicle } from '../vehicles/vehicle-store';
import type { OrgKind, OrgOf } from './organisation-types';

/**
 * Which vehicles may be assigned to an organisation (decision 0078), as values a query carries: a service centre
 * looks after its OEM's vehicles it does not yet; a fleet takes its OEM's vehicles in no fleet and of no EV owner; an
 * EV owner any vehicle in no fleet and of no EV owner; a driver a vehicle of its fleet nobody drives.
 */
export interface Eligibility {
  /** The vehicle is of this OEM. */
  oemId?: string;
  /** The vehicle is of this fleet. */
  fleetId?: string;
  /** The vehicle is not looked after by this service centre already. */
  notDealerId?: string;
  /** The vehicle is in no fleet and has no EV owner. */
  free?: true;
  /** Nobody drives the vehicle (this driver: already theirs). */
  undrivenFor?: string;
}

export function eligibilityFor<K extends OrgKind>(kind: K, org: OrgOf[K]): Eligibility {
  switch (kind) {
    case 'dealer': {
      const dealer = org as OrgOf['dealer'];
      return { oemId: dealer.oemId, notDealerId: dealer.id };
    }
    case 'fleet':
      return { oemId: (org as OrgOf['fleet']).oemId, free: true };
    case 'evOwner':
      return { free: true };
    default: {
      const driver = org as OrgOf['driver'];
      return { fleetId: driver.fleetId, undrivenFor: driver.id };
    }
  }
}

type Owners = Pick<Vehicle, 'oemId' | 'dealerId' | 'fleetId' | 'evOwnerId' | 'driverId'>;
type Reason = 'oem' | 'notOfFleet' | 'lookedAfter' | 'inFleet' | 'owned' | 'driven' | 'alreadyDriven';

/** The first reason the rule refuses the vehicle, or null when it admits it. */
function reasonAgainst(rule: Eligibility, v: Owners): Reason | null {
  if (rule.oemId !== undefined && v.oemId !== rule.oemId) return 'oem';
  if (rule.fleetId !== undefined && v.fleetId !== rule.fleetId) return 'notOfFleet';
  if (rule.notDealerId !== undefined && v.dealerId === rule.notDealerId) return 'lookedAfter';
  if (rule.free && v.fleetId) return 'inFleet';
  if (rule.free && v.evOwnerId) return 'owned';
  if (rule.undrivenFor !== undefined && v.driverId) return v.driverId === rule.undrivenFor ? 'alreadyDriven' : 'driven';
  return null;
}

/** True when the rule admits the vehicle (what the stores' `assignable` keeps). */
export function eligible(rule: Eligibility, v: Owners): boolean {
  return reasonAgainst(rule, v) === null;
}

/** Why the vehicle may not be assigned, in words, or null when it may. */
export function refusal(rule: Eligibility, v: Vehicle): string | null {
  const reg = v.registrationNumber;
  switch (reasonAgainst(rule, v)) {
    case null:
      return null;
    case 'oem':
      return `${reg} is another OEM's vehicle.`;
    case 'notOfFleet':
      return `${reg} is not a vehicle of the driver's fleet.`;
    case 'lookedAfter':
      return `${reg} is already looked after here.`;
    case 'inFleet':
      return `${reg} belongs to the fleet ${v.names?.fleet ?? v.fleetId}.`;
    case 'owned':
      return `${reg} belongs to the EV owner ${v.names?.evOwner ?? v.evOwnerId}.`;
    case 'driven':
      return `${reg} is driven by ${v.names?.driver ?? v.driverId}; unassign it there first.`;
    case 'alreadyDriven':
      return `${reg} is already this driver's vehicle.`;
  }
}
