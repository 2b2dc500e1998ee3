import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { checkUnique, readOrganisationFields } from './organisation-fields';
import { organisationScopeOf } from './organisation-scope';
import type { OrganisationDeps, OrganisationStore } from './organisation-store';
import { ORG_KIND_INFO, type OrgKind, type OrgOf } from './organisation-types';

type Body = Record<string, unknown>;
type Place = Partial<Record<'oemId' | 'dealerId' | 'fleetId', string | null>>;

/**
 * Where a new organisation belongs (openapi.yaml DealerInput, FleetInput, EvOwnerInput, DriverInput): a service centre
 * under the caller's OEM, or the OEM platform staff choose; a fleet under the caller's service centre, or its OEM and
 * optionally one of its service centres, or what platform staff choose; an EV owner with the caller's service centre,
 * one of the OEM's service centres (an OEM must choose one), or any (platform); a driver in the caller's fleet, or a
 * fleet in the caller's scope. Anyone else adds none.
 */
async function placeNew(
  store: OrganisationStore,
  caller: Caller,
  kind: OrgKind,
  errors: FieldErrors,
  body: Body,
): Promise<Place> {
  const me = caller.user;
  const role = caller.roleType;
  const pick = (field: string) =>
    typeof body[field] === 'string' && body[field] !== '' ? (body[field] as string) : null;
  const find = async <K extends 'oem' | 'dealer' | 'fleet'>(of: K, id: string | null) =>
    id === null ? undefined : store.get(of, id, of === 'fleet' ? organisationScopeOf(caller, 'fleet') : null);
  if (kind === 'dealer') {
    if (role === 'oem') return { oemId: me.oemId };
    const oem = await find('oem', pick('oemId'));
    if (role !== 'platform') errors.add('oemId', 'You cannot add service centres.');
    else if (!oem) errors.add('oemId', 'Choose the OEM of the service centre.');
    return oem ? { oemId: oem.id } : {};
  }
  if (kind === 'fleet') {
    if (role === 'dealer') return { oemId: me.oemId, dealerId: me.dealerId };
    const dealerId = pick('dealerId');
    const dealer = await find('dealer', dealerId);
    if (role === 'oem') {
      if (dealerId && (!dealer || dealer.oemId !== me.oemId))
        errors.add('dealerId', 'Choose one of your service centres.');
      return { oemId: me.oemId, dealerId: dealer?.id ?? null };
    }
    if (role !== 'platform') {
      errors.add('oemId', 'You cannot add fleets.');
      return {};
    }
    const oem = await find('oem', pick('oemId'));
    if (!oem) errors.add('oemId', 'Choose the OEM of the fleet.');
    if (dealerId && (!dealer || dealer.oemId !== oem?.id))
      errors.add('dealerId', 'Choose a service centre of the fleet’s OEM, or none.');
    return { oemId: oem?.id, dealerId: dealer?.id ?? null };
  }
  if (kind === 'evOwner') {
    if (role === 'dealer') return { dealerId: me.dealerId };
    const dealerId = pick('dealerId');
    const dealer = await find('dealer', dealerId);
    if (role === 'oem') {
      if (!dealer || dealer.oemId !== me.oemId)
        errors.add('dealerId', 'Choose the service centre that looks after the owner.');
      return { dealerId: dealer?.id ?? null };
    }
    if (role !== 'platform') errors.add('dealerId', 'You cannot add EV owners.');
    else if (dealerId && !dealer) errors.add('dealerId', 'Choose a service centre, or none.');
    return { dealerId: dealer?.id ?? null };
  }
  if (role === 'fleet') return { fleetId: me.fleetId };
  const fleet = await find('fleet', pick('fleetId'));
  if (!fleet) errors.add('fleetId', 'Choose the fleet of the driver.');
  return fleet ? { fleetId: fleet.id } : {};
}

/** The optional fields a new organisation of the kind starts without. */
const EMPTY: Record<OrgKind, Record<string, null>> = {
  dealer: { address: null },
  fleet: { address: null, phone: null },
  evOwner: { address: null },
  driver: { email: null },
};

/**
 * POST /dealers, /fleets, /ev-owners, /drivers: an active organisation where the caller may add one. Needs Add on the
 * kind's key. Throws 400 with every field error, then 409 for an e-mail (a service centre's code, a driver's licence
 * number) in use.
 */
export async function createOrganisation<K extends OrgKind>(
  deps: OrganisationDeps,
  caller: Caller,
  kind: K,
  input: object,
): Promise<OrgOf[K]> {
  const info = ORG_KIND_INFO[kind];
  requirePermission(caller, info.key, ACTION.ADD);
  const body = input as Body;
  const errors = new FieldErrors();
  const fields = readOrganisationFields(kind, errors, body, false);
  const place = await placeNew(deps.organisations, caller, kind, errors, body);
  errors.throwIfAny();
  await checkUnique(deps.organisations, kind, fields, null);
  const now = deps.now();
  const row = {
    id: `${info.idPrefix}-${crypto.randomUUID()}`,
    ...EMPTY[kind],
    ...fields,
    ...place,
    status: 1,
    createdAt: now.toISOString(),
  } as unknown as OrgOf[K];
  return deps.transact(async (tx) => {
    await tx.organisations.insert(kind, row);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: info.entity,
        entityId: row.id,
        action: 'Add',
        summary: `Added ${info.noun.toLowerCase()} ${row.name}`,
        changes: diffFields(null, row),
      },
      now,
    );
    return (await tx.organisations.get(kind, row.id, null)) as OrgOf[K];
  });
}
