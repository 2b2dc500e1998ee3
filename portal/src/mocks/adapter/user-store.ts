import type { AuditStore } from '@services/audit/audit-chain';
import type { PasswordHasher } from '@services/auth/auth-store';
import type { UserFilterField, UserSortField } from '@services/users/user-list-spec';
import { userInScope } from '@services/users/user-scope';
import { emailConflict } from '@services/users/user-fields';
import type { UserDeps, UserStore } from '@services/users/user-store';
import type { UserAccount } from '@services/users/user-types';
import { toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import type { UserRecord } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { roleIdOf, worldRoleStore } from './role-store';
import { type UndoLog, worldTransact } from './world-transaction';

/** Account fields as the list reads them: the in-memory counterpart of the SQL repository's columns. */
const USER_COLUMNS: MemoryListSpec<UserRecord, UserSortField, UserFilterField> = {
  sortable: {
    name: (u) => u.name.toLowerCase(),
    email: (u) => u.email.toLowerCase(),
    role: (u) => u.role,
    status: (u) => u.status,
    lastSignInAt: (u) => u.lastSignInAt ?? null,
    createdAt: (u) => u.createdAt,
  },
  filterable: { role: (u) => u.role, status: (u) => u.status, roleId: roleIdOf },
  searchable: [(u) => u.name, (u) => u.email, (u) => u.phone],
  time: (u) => u.createdAt,
};

/** The name of the party an account acts for: fleet, service centre, EV owner, OEM, else the platform. */
function organisationOf(db: WorldDb, user: UserRecord): string | null {
  const t = db.tables;
  if (user.fleetId) return t.fleets.get(user.fleetId)?.name ?? null;
  if (user.dealerId) return t.dealers.get(user.dealerId)?.name ?? null;
  if (user.evOwnerId) return t.evOwners.get(user.evOwnerId)?.name ?? null;
  if (user.oemId) return t.oems.get(user.oemId)?.name ?? null;
  return 'Voltline platform';
}

/** An account as user management (and the profile) shows it: never its password. */
export function worldUserAccount(db: WorldDb, user: UserRecord): UserAccount {
  const { password: _password, ...rest } = user;
  const roleId = roleIdOf(user);
  return toApi<UserAccount>({
    ...rest,
    phone: user.phone ?? null,
    roleId,
    roleName: db.tables.roles.get(roleId)?.name ?? roleId,
    organisation: organisationOf(db, user),
    lastSignInAt: user.lastSignInAt ?? null,
  });
}

/**
 * The demo's "hash" of a one-time password: the password itself. The demo world keeps its accounts' passwords in the
 * clear (public test data; the demo's sign-in compares them), so the services' hasher is the identity here; the
 * server's is scrypt. Neither answers it: only the one-time password is answered, once.
 */
export const demoPasswords: Pick<PasswordHasher, 'hash'> = { hash: async (password) => password };

/** The UserStore of the services over the demo world's accounts (and the sessions they end). */
export function worldUserStore(db: WorldDb, undo?: UndoLog): UserStore {
  const emailTaken = (email: string, exceptId?: string) => {
    const lower = email.toLowerCase();
    for (const u of db.tables.users.values()) if (u.id !== exceptId && u.email.toLowerCase() === lower) return true;
    return false;
  };
  return {
    async list(query, scope) {
      const rows = db.tables.users.all().filter((u) => userInScope(scope, u));
      const { items, total } = memoryList(rows, query, USER_COLUMNS);
      return { items: items.map((u) => worldUserAccount(db, u)), total };
    },
    async get(id) {
      const user = db.tables.users.get(id);
      return user && worldUserAccount(db, user);
    },
    async emailTaken(email, exceptId) {
      return emailTaken(email, exceptId);
    },
    async oemExists(id) {
      return db.tables.oems.get(id) !== undefined;
    },
    async dealer(id) {
      const dealer = db.tables.dealers.get(id);
      return dealer && { id: dealer.id, oemId: dealer.oemId };
    },
    async fleet(id) {
      const fleet = db.tables.fleets.get(id);
      return fleet && { id: fleet.id, oemId: fleet.oemId };
    },
    async activeSuperAdmins() {
      let n = 0;
      for (const u of db.tables.users.values()) if (u.status === 1 && roleIdOf(u) === 'SA') n += 1;
      return n;
    },
    async insert(account) {
      if (emailTaken(account.email, account.id)) throw emailConflict();
      undo?.touch('users', account.id);
      const user: UserRecord = {
        id: account.id,
        name: account.name,
        email: account.email,
        phone: account.phone,
        role: account.role,
        roleId: account.roleId,
        status: account.status,
        createdAt: Date.parse(account.createdAt),
        lastSignInAt: null,
        password: account.passwordHash,
      };
      if (account.oemId) user.oemId = account.oemId;
      if (account.dealerId) user.dealerId = account.dealerId;
      if (account.fleetId) user.fleetId = account.fleetId;
      db.tables.users.insert(user);
    },
    async update(id, changes) {
      if (!db.tables.users.get(id)) return;
      if (changes.email !== undefined && emailTaken(changes.email, id)) throw emailConflict();
      undo?.touch('users', id);
      db.tables.users.update(id, changes as Partial<UserRecord>);
    },
    async setPasswordHash(id, hash) {
      if (!db.tables.users.get(id)) return;
      undo?.touch('users', id);
      db.tables.users.update(id, { password: hash });
    },
    async endSessions(id, at) {
      // Revoked as the sign-in's store revokes them (`worldAuthStore`): the services' `liveSession` then answers 401.
      for (const s of db.tables.sessions.all()) {
        if (s.userId !== id || s.revokedAt != null) continue;
        undo?.touch('sessions', s.id);
        db.tables.sessions.update(s.id, { revokedAt: at.getTime() });
      }
    },
  };
}

/** The user services' dependencies over the demo world. */
export function worldUserDeps(db: WorldDb): UserDeps {
  return {
    users: worldUserStore(db),
    roles: worldRoleStore(db),
    passwords: demoPasswords,
    now: () => new Date(),
    transact: worldTransact(db, (undo): { users: UserStore; audit: AuditStore } => ({
      users: worldUserStore(db, undo),
      audit: worldAuditStore(db, undo),
    })),
  };
}
