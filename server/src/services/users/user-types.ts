import type { RoleCode } from '@/domain/roles';
import type { Schemas } from '../lib/api-types';

export type UserAccount = Schemas['UserAccount'];

/** A new account as a store writes it: its fields, the scope ids it acts for, and its password's hash. */
export interface NewAccount {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: RoleCode;
  roleId: string;
  oemId: string | null;
  dealerId: string | null;
  fleetId: string | null;
  status: 0 | 1;
  createdAt: string;
  passwordHash: string;
}

/** What an edit of an account may change. */
export type AccountChanges = Partial<Pick<NewAccount, 'name' | 'email' | 'phone' | 'role' | 'roleId' | 'status'>>;

/** Audit entity name of spec §3. */
export const USER_AUDIT_ENTITY = 'User';
