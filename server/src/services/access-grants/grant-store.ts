import type { AuditStore } from '../audit/audit-chain';
import type { GroupOwner, OwnerKind } from '../device-groups/device-group-types';
import type { OwnerScope } from '../device-groups/owner-scope';
import type { AccessGrantRecord, NamedGrantRecord } from './grant-types';

/** A choice of the grant form. */
export interface GrantChoice {
  value: string;
  label: string;
}

/** Storage of access grants, and what a grant names (vehicles, models, OEMs, organisations, accounts). */
export interface AccessGrantStore {
  /** Every grant with its names' parts; with `oemId`, only the grants of that OEM. */
  list(oemId: string | null): Promise<NamedGrantRecord[]>;
  get(id: string): Promise<NamedGrantRecord | undefined>;
  /** The grants on this target to this grantee, whatever their status. */
  sameTargetAndGrantee(
    grant: Pick<AccessGrantRecord, 'target' | 'targetId' | 'kind' | 'granteeType' | 'granteeId'>,
  ): Promise<AccessGrantRecord[]>;
  vehicle(id: string): Promise<{ id: string; oemId: string } | undefined>;
  model(id: string): Promise<{ id: string; oemId: string; kind: string } | undefined>;
  oem(id: string): Promise<{ id: string; name: string } | undefined>;
  /** A service centre, fleet, EV owner or driver, with where it sits. */
  owner(kind: OwnerKind, id: string): Promise<GroupOwner | undefined>;
  /** An account: its status and the role it holds (its custom role's id, else its code). */
  account(id: string): Promise<{ id: string; name: string; status: number; role: string } | undefined>;
  insert(grant: AccessGrantRecord): Promise<void>;
  revoke(id: string, at: string, by: string): Promise<void>;
  /** Choices of the grant form, at most `limit`, whose label (or code) contains `q` (case-insensitive). */
  vehicleChoices(oemId: string | null, q: string, limit: number): Promise<GrantChoice[]>;
  modelChoices(oemId: string | null, kind: string | null, q: string, limit: number): Promise<GrantChoice[]>;
  oemChoices(oemId: string | null, q: string, limit: number): Promise<GrantChoice[]>;
  /** Organisations of a kind in the owner scope (and of `oemId` when given). */
  ownerChoices(
    kind: OwnerKind,
    scope: OwnerScope,
    oemId: string | null,
    q: string,
    limit: number,
  ): Promise<GrantChoice[]>;
  /** Active accounts holding the role. */
  accountChoices(role: string, q: string, limit: number): Promise<GrantChoice[]>;
}

export interface AccessGrantDeps {
  grants: AccessGrantStore;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { grants: AccessGrantStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
