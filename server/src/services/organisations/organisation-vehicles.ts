import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { conflict, forbidden, notFound, validationFailed } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { assignmentChanges } from '../vehicles/assign-vehicle';
import { partyInScope } from '../vehicles/party-scope';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import type { Vehicle } from '../vehicles/vehicle-store';
import { eligibilityFor, refusal } from './assignment-rules';
import { detailsOf, organisationOr404, organisationVehicle } from './get-organisation';
import type { OrganisationDeps } from './organisation-store';
import { ORG_KIND_INFO, type OrganisationDetails, type OrgKind, VEHICLE_FIELD } from './organisation-types';

/** At most this many vehicles per assign or unassign, and this many candidates per search. */
export const MAX_ASSIGN = 100;
export const CANDIDATES = 20;

/** The distinct ids of a VehicleIdsInput: 1 to 100 strings, else 400 on `vehicleIds`. */
function readVehicleIds(body: object): string[] {
  const ids: unknown = (body as { vehicleIds?: unknown }).vehicleIds;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string'))
    throw validationFailed({ vehicleIds: 'Choose at least one vehicle.' });
  if (ids.length > MAX_ASSIGN)
    throw validationFailed({ vehicleIds: `Choose at most ${MAX_ASSIGN} vehicles at a time.` });
  return Array.from(new Set(ids as string[]));
}

/**
 * GET /dealers/{id}/assignable-vehicles etc.: the vehicles in the caller's scope that may be assigned to the
 * organisation (decision 0078), searched by VIN or registration, at most 20 by registration. Needs Assign.
 */
export async function listAssignableVehicles<K extends OrgKind>(
  deps: OrganisationDeps,
  caller: Caller,
  kind: K,
  input: { id: string; q?: string | undefined },
) {
  const org = await organisationOr404(deps.organisations, caller, kind, input.id, ACTION.ASSIGN);
  const q = input.q?.trim() || undefined;
  const { items, total } = await deps.organisations.assignable(
    vehicleScopeOf(caller),
    eligibilityFor(kind, org),
    q,
    CANDIDATES,
  );
  return { total, items: items.map(organisationVehicle) };
}

/** Each vehicle's owner field before and after, for the audit entry of an assign or unassign. */
function ownerChanges(kind: OrgKind, vehicles: Vehicle[], to: string | null) {
  const field = VEHICLE_FIELD[kind];
  const before = Object.fromEntries(vehicles.map((v) => [v.registrationNumber, v[field]]));
  const after = Object.fromEntries(vehicles.map((v) => [v.registrationNumber, to]));
  return diffFields(before, after);
}

/**
 * POST /dealers/{id}/assign-vehicles etc.: gives the vehicles to the organisation. Needs Assign on the kind's key, the
 * organisation in the caller's scope (else 404) and one the caller may hand vehicles to (the vehicles' rule,
 * `partyInScope`; else 403), active (else 409), and every vehicle in the caller's vehicle scope (else 404) and
 * admitted by decision 0078 (else 409 on `vehicleIds`). Each vehicle changes as the vehicles' own assign changes it.
 */
export async function assignOrganisationVehicles<K extends OrgKind>(
  deps: OrganisationDeps,
  caller: Caller,
  kind: K,
  input: { id: string; body: object },
): Promise<OrganisationDetails> {
  const info = ORG_KIND_INFO[kind];
  const org = await organisationOr404(deps.organisations, caller, kind, input.id, ACTION.ASSIGN);
  const ids = readVehicleIds(input.body);
  const party = await deps.vehicles.party(kind, org.id);
  if (!party || !partyInScope(caller, kind, party)) throw forbidden();
  if (org.status !== 1)
    throw conflict(`${org.name} is inactive; activate it before assigning vehicles.`, {
      vehicleIds: 'Activate the organisation first.',
    });
  const scope = vehicleScopeOf(caller);
  const rule = eligibilityFor(kind, org);
  const changes = assignmentChanges(kind, org.id, party);
  const now = deps.now();
  // The vehicles are read (their rows held) and checked in the transaction that writes them.
  return deps.transact(async (tx) => {
    const found: (Vehicle | undefined)[] = [];
    for (const id of ids) found.push(await tx.vehicles.get(id, scope, { lock: true }));
    const missing = ids.filter((_, i) => found[i] === undefined);
    if (missing.length > 0) throw notFound(`Vehicle ${missing.join(', ')}`);
    const vehicles = found as Vehicle[];
    const refused = vehicles.map((v) => refusal(rule, v)).filter((r) => r !== null);
    if (refused.length > 0) throw conflict(refused.join(' '), { vehicleIds: refused.join(' ') });
    for (const v of vehicles) await tx.vehicles.update(v.id, { ...changes, updatedAt: now.toISOString() });
    const regs = vehicles.map((v) => v.registrationNumber).join(', ');
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: info.entity,
        entityId: org.id,
        action: 'Assign',
        summary: `Assigned ${regs} to ${info.noun.toLowerCase()} ${org.name}`,
        changes: ownerChanges(kind, vehicles, org.id),
      },
      now,
    );
    return detailsOf(tx, kind, org);
  });
}

/**
 * POST /dealers/{id}/unassign-vehicles etc.: takes the vehicles away from the organisation as the vehicles' own
 * unassign does (a vehicle leaving a fleet leaves its driver too). Needs Unassign on the kind's key and the
 * organisation in the caller's scope (else 404); a vehicle not assigned to it is a 400 on `vehicleIds`.
 */
export async function unassignOrganisationVehicles<K extends OrgKind>(
  deps: OrganisationDeps,
  caller: Caller,
  kind: K,
  input: { id: string; body: object },
): Promise<OrganisationDetails> {
  const info = ORG_KIND_INFO[kind];
  const org = await organisationOr404(deps.organisations, caller, kind, input.id, ACTION.UNASSIGN);
  const ids = readVehicleIds(input.body);
  const field = VEHICLE_FIELD[kind];
  const changes = assignmentChanges(kind, null);
  const now = deps.now();
  // The vehicles are read (their rows held) and checked in the transaction that writes them.
  return deps.transact(async (tx) => {
    const found: (Vehicle | undefined)[] = [];
    for (const id of ids) found.push(await tx.vehicles.get(id, null, { lock: true }));
    const strangers = ids.filter((_, i) => found[i]?.[field] !== org.id);
    if (strangers.length > 0)
      throw validationFailed({ vehicleIds: `Not assigned to ${org.name}: ${strangers.join(', ')}.` });
    const vehicles = found as Vehicle[];
    for (const v of vehicles) await tx.vehicles.update(v.id, { ...changes, updatedAt: now.toISOString() });
    const regs = vehicles.map((v) => v.registrationNumber).join(', ');
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: info.entity,
        entityId: org.id,
        action: 'Unassign',
        summary: `Unassigned ${regs} from ${info.noun.toLowerCase()} ${org.name}`,
        changes: ownerChanges(kind, vehicles, null),
      },
      now,
    );
    return detailsOf(tx, kind, org);
  });
}
