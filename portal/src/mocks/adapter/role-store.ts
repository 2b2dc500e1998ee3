import type { AuditStore } from '@services/audit/audit-chain';
import { roleNameTaken } from '@services/roles/role-fields';
import type { RoleFilterField, RoleSortField } from '@services/roles/role-list-spec';
import type { RoleDeps, RoleStore } from '@services/roles/role-store';
import type { StoredRole } from '@services/roles/role-types';
import type { WorldDb } from '../world/db';
import type { RoleRecord, UserRecord } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { type UndoLog, worldTransact } from './world-transaction';

/** The role an account holds: its custom role, else the built-in one of its code (the SQL's coalesce(role_id, role)). */
export const roleIdOf = (user: UserRecord): string => user.roleId ?? user.role;

/** Role fields as the list reads them: the in-memory counterpart of the SQL repository's column map. */
const ROLE_COLUMNS: MemoryListSpec<RoleRecord, RoleSortField, RoleFilterField> = {
  sortable: { name: (r) => r.name.toLowerCase(), code: (r) => r.code, updatedAt: (r) => r.updatedAt },
  filterable: { code: (r) => r.code, builtIn: (r) => r.builtIn },
  searchable: [(r) => r.name, (r) => r.code],
  time: (r) => r.updatedAt,
};

/** The accounts holding a role (for its user count, and a delete's check). */
export function holdersOf(db: WorldDb, roleId: string): number {
  let n = 0;
  for (const u of db.tables.users.values()) if (roleIdOf(u) === roleId) n += 1;
  return n;
}

function toStored(db: WorldDb, role: RoleRecord): StoredRole {
  return {
    id: role.id,
    code: role.code,
    name: role.name,
    builtIn: role.builtIn,
    permissions: role.permissions,
    userCount: holdersOf(db, role.id),
    createdAt: new Date(role.createdAt).toISOString(),
    updatedAt: new Date(role.updatedAt).toISOString(),
  };
}

/** The RoleStore of the services over the demo world's roles table (which every request reads: decision 0068). */
export function worldRoleStore(db: WorldDb, undo?: UndoLog): RoleStore {
  const nameTaken = (name: string, exceptId?: string) => {
    const lower = name.toLowerCase();
    for (const r of db.tables.roles.values()) if (r.id !== exceptId && r.name.toLowerCase() === lower) return true;
    return false;
  };
  return {
    async list(query, codes) {
      const rows = db.tables.roles.all().filter((r) => codes.includes(r.code));
      const { items, total } = memoryList(rows, query, ROLE_COLUMNS);
      return { items: items.map((r) => toStored(db, r)), total };
    },
    async get(id) {
      const role = db.tables.roles.get(id);
      return role && toStored(db, role);
    },
    async nameTaken(name, exceptId) {
      return nameTaken(name, exceptId);
    },
    async insert(role) {
      if (nameTaken(role.name, role.id)) throw roleNameTaken();
      undo?.touch('roles', role.id);
      db.tables.roles.insert({
        id: role.id,
        code: role.code,
        name: role.name,
        builtIn: role.builtIn,
        permissions: role.permissions ?? {},
        createdAt: Date.parse(role.createdAt),
        updatedAt: Date.parse(role.updatedAt),
      });
    },
    async update(id, changes) {
      if (!db.tables.roles.get(id)) return;
      if (changes.name !== undefined && nameTaken(changes.name, id)) throw roleNameTaken();
      undo?.touch('roles', id);
      const out: Partial<RoleRecord> = {};
      if (changes.name !== undefined) out.name = changes.name;
      if (changes.permissions !== undefined) out.permissions = changes.permissions ?? {};
      if (changes.updatedAt !== undefined) out.updatedAt = Date.parse(changes.updatedAt);
      db.tables.roles.update(id, out);
    },
    async deleteUnheld(id) {
      if (holdersOf(db, id) > 0) return false;
      undo?.touch('roles', id);
      db.tables.roles.remove(id);
      return true;
    },
  };
}

/** The role services' dependencies over the demo world. */
export function worldRoleDeps(db: WorldDb): RoleDeps {
  return {
    roles: worldRoleStore(db),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { roles: RoleStore; audit: AuditStore } => ({
      roles: worldRoleStore(db, undo),
      audit: worldAuditStore(db, undo),
    })),
  };
}
