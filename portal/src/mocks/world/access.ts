import { defaultPermissionsFor } from '@/domain/permissions';
import { ROLE_CODES, ROLE_LABELS, type RoleCode } from '@/domain/roles';
import type {
  AccessGrantRecord,
  ApiKeyRecord,
  CompanySettingsRecord,
  DeviceGroupRecord,
  Model,
  RoleRecord,
  Vehicle,
} from './types';

const DAY = 24 * 3_600_000;

/** One built-in role per role code, with today's default matrix (decision 0068); its id is the role code. */
/** Roles whose permissions an admin changed lately: days before now (the seeded audit history holds the change). */
export const ROLE_EDITED_DAYS_AGO: Partial<Record<RoleCode, number>> = { FA: 41, DE: 12 };

export function seedRoles(now: number): RoleRecord[] {
  const at = now - 400 * DAY;
  return ROLE_CODES.map((code) => {
    const edited = ROLE_EDITED_DAYS_AGO[code];
    return {
      id: code,
      code,
      name: ROLE_LABELS[code],
      builtIn: true,
      permissions: defaultPermissionsFor(code),
      createdAt: at,
      updatedAt: edited === undefined ? at : now - edited * DAY,
    };
  });
}

/** A few device groups (ids as `ids` of seeders/context.ts makes them) of the demo accounts' dealer, fleet and EV owner, built by filter and by picking. */
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

/**
 * Access grants of the demo (decision 0079): one active and one expired vehicle grant to service centres, a revoked
 * model grant, a component admin's device-kind grant and two OEM access grants (one expired). The expired and revoked
 * ones never widen anyone's scope; the active ones go to organisations without a demo login, so the demo accounts'
 * own scopes stay as seeded.
 */
export function seedAccessGrants(
  now: number,
  size: number,
  vehicleAt: (i: number) => Pick<Vehicle, 'id' | 'dealerId' | 'oemId'>,
  models: () => Model[],
): AccessGrantRecord[] {
  const all = Array.from({ length: Math.min(size, 50) }, (_, i) => vehicleAt(i));
  // A vehicle the demo service centre (dlr-0001) does not service: its expired grant must not show it.
  const foreign = all.find((v) => v.dealerId !== 'dlr-0001') ?? all[0];
  const other = all.find((v) => v.dealerId !== 'dlr-0002' && v.id !== foreign?.id) ?? all[0];
  const evModel = models().find((m) => m.kind === 'EV');
  const base = { note: null, revokedAt: null, revokedBy: null, createdBy: 'Voltline platform' };
  const rows: AccessGrantRecord[] = [];
  if (other)
    rows.push({
      ...base,
      id: 'acg-0001',
      kind: 'ev',
      target: 'vehicle',
      targetId: other.id,
      roleCode: 'DA',
      granteeType: 'dealer',
      granteeId: 'dlr-0002',
      oemId: other.oemId,
      note: 'Warranty repairs for the home service centre, until further notice.',
      expiresAt: null,
      createdAt: now - 10 * DAY,
    });
  if (foreign)
    rows.push({
      ...base,
      id: 'acg-0002',
      kind: 'ev',
      target: 'vehicle',
      targetId: foreign.id,
      roleCode: 'DA',
      granteeType: 'dealer',
      granteeId: 'dlr-0001',
      oemId: foreign.oemId,
      note: 'Roadside assistance last month.',
      expiresAt: now - 5 * DAY,
      createdAt: now - 35 * DAY,
    });
  rows.push({
    ...base,
    id: 'acg-0003',
    kind: 'bms',
    target: 'deviceKind',
    targetId: null,
    roleCode: 'BMSA',
    granteeType: 'user',
    granteeId: 'usr-bmsa',
    oemId: null,
    expiresAt: null,
    createdAt: now - 90 * DAY,
  });
  if (evModel)
    rows.push({
      ...base,
      id: 'acg-0004',
      kind: 'ev',
      target: 'model',
      targetId: evModel.id,
      roleCode: 'FA',
      granteeType: 'fleet',
      granteeId: 'flt-0002',
      oemId: evModel.oemId,
      expiresAt: now + 30 * DAY,
      revokedAt: now - 2 * DAY,
      revokedBy: 'Voltline platform',
      createdAt: now - 20 * DAY,
    });
  rows.push(
    {
      ...base,
      id: 'acg-0005',
      kind: 'ev',
      target: 'oem',
      targetId: 'oem-01',
      roleCode: 'FA',
      granteeType: 'fleet',
      granteeId: 'flt-0002',
      oemId: 'oem-01',
      // A long partnership: three years from the world's reference time (tests run the world at 1 Jan 2026).
      expiresAt: now + 1095 * DAY,
      createdAt: now - 15 * DAY,
    },
    {
      ...base,
      id: 'acg-0006',
      kind: 'ev',
      target: 'oem',
      targetId: 'oem-01',
      roleCode: 'DA',
      granteeType: 'dealer',
      granteeId: 'dlr-0002',
      oemId: 'oem-01',
      expiresAt: now - DAY,
      createdAt: now - 200 * DAY,
    },
  );
  return rows;
}

/** One REST API key per demo tenant; their secrets were shown once at creation and are not known to anyone now. */
export function seedApiKeys(now: number): ApiKeyRecord[] {
  const key = (
    id: string,
    tenantId: string,
    userId: string,
    name: string,
    scope: ApiKeyRecord['scope'],
    prefix: string,
  ) => ({
    id,
    tenantId,
    name,
    scope,
    prefix,
    secretHash: `seed-${id}`,
    userId,
    createdAt: now - 120 * DAY,
    createdBy: 'Voltline platform',
    lastUsedAt: now - 2 * 3_600_000,
    resetAt: null,
    revokedAt: null,
  });
  return [
    key('apk-0001', 'platform', 'usr-sa', 'Data warehouse export', 'read', 'vlk_7f3a9c'),
    key('apk-0002', 'oem-01', 'usr-oema', 'Dealer management system', 'write', 'vlk_41d08e'),
  ];
}

/**
 * Company settings of the platform and the first OEM (no logo yet). The platform's delivery methods (an SMTP sender, an
 * SMS sender id and a web-hook signing secret) are what every OEM's rules send with until the OEM sets its own.
 */
export function seedCompanySettings(now: number): CompanySettingsRecord[] {
  return [
    {
      id: 'platform',
      logo: null,
      smtpSender: 'alerts@voltline.demo',
      smsSenderId: 'VOLTLN',
      // A demo value, never shown: only a hash-less "is it set" leaves the demo server.
      webhookSecret: 'whsec_demo_platform_0001',
      // Its signing secret was made anew six days ago (the seeded audit history holds the changes).
      updatedAt: now - 6 * DAY,
    },
    { id: 'oem-01', logo: null, smtpSender: null, smsSenderId: null, webhookSecret: null, updatedAt: now - 20 * DAY },
  ];
}
