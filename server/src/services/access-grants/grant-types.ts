import type { ComponentKind, GranteeType, GrantTarget } from '@/domain/access-grants';
import type { RoleCode } from '@/domain/roles';
import type { Schemas } from '../lib/api-types';

export type AccessGrant = Schemas['AccessGrant'];

/** A grant as stored: no names and no status (the status is a function of the time, `grantStatus`). */
export interface AccessGrantRecord {
  id: string;
  kind: ComponentKind;
  target: GrantTarget;
  targetId: string | null;
  roleCode: RoleCode;
  granteeType: GranteeType;
  granteeId: string;
  oemId: string | null;
  note: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
  createdAt: string;
  createdBy: string;
}

/** What a grant's names are made of, read with it: its target's (null for a device kind or a gone row) and its grantee's. */
export interface GrantNameParts {
  /** Vehicle: registration and VIN; model: name and kind; OEM: name and null. */
  targetParts: { name: string; detail: string | null } | null;
  /** An organisation's name, or an account's name and email. */
  granteeParts: { name: string; email: string | null } | null;
}

export type NamedGrantRecord = AccessGrantRecord & GrantNameParts;

/** The audit entity of access grants (and OEM access). */
export const ACCESS_GRANT_AUDIT_ENTITY = 'Access';
