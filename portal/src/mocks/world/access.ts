import { defaultPermissionsFor } from '@/domain/permissions';
import { ROLE_CODES, ROLE_LABELS } from '@/domain/roles';
import type { DeviceGroupRecord, RoleRecord } from './types';

const DAY = 24 * 3_600_000;

/** One built-in role per role code, with today's default matrix (decision 0068); its id is the role code. */
export function seedRoles(now: number): RoleRecord[] {
  const at = now - 400 * DAY;
  return ROLE_CODES.map((code) => ({
    id: code,
    code,
    name: ROLE_LABELS[code],
    builtIn: true,
    permissions: defaultPermissionsFor(code),
    createdAt: at,
    updatedAt: at,
  }));
}

/** A few device groups (ids as `ids` of create-world.ts makes them) of the demo accounts' dealer, fleet and EV owner, built by filter and by picking. */
export function seedDeviceGroups(now: number): DeviceGroupRecord[] {
  const at = now - 30 * DAY;
  return [
    {
      id: 'dgr-0001',
      name: 'Active service vehicles',
      description: 'Every active vehicle the service centre looks after.',
      ownerKind: 'dealer',
      ownerId: 'dlr-0001',
      mode: 'filter',
      filter: { modelId: null, status: 1, q: null },
      vehicleIds: [],
      createdAt: at,
      updatedAt: at,
    },
    {
      id: 'dgr-0002',
      name: 'Whole fleet',
      description: 'All vehicles of the fleet, for fleet-wide commands.',
      ownerKind: 'fleet',
      ownerId: 'flt-0001',
      mode: 'filter',
      filter: { modelId: null, status: null, q: null },
      vehicleIds: [],
      createdAt: at,
      updatedAt: at,
    },
    {
      id: 'dgr-0003',
      name: 'Pilot vehicles',
      description: 'Picked by hand for the firmware pilot.',
      ownerKind: 'fleet',
      ownerId: 'flt-0001',
      mode: 'pick',
      filter: null,
      vehicleIds: ['veh-000002'],
      createdAt: at + DAY,
      updatedAt: at + DAY,
    },
  ];
}
