import type { PermissionMap } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';
import { type Selectable, sql } from 'kysely';
import type { HeldGrant } from '../../services/access-grants/granted-access';
import type { AccountRecord, AuthStore, SessionRecord } from '../../services/auth/auth-store';
import type { Db } from '../database';
import { preparedRows } from '../prepared-statements';
import type { AccessGrantTable, SessionTable, UserTable } from '../schema';

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The account with the row of the role it holds (its custom role, else its code's), whose permissions it gets. */
async function accountOf(db: Db, row: Selectable<UserTable>): Promise<AccountRecord> {
  const role = await db
    .selectFrom('roles')
    .select(['id', 'permissions'])
    .where('id', '=', row.role_id ?? row.role)
    .executeTakeFirst();
  return toAccount(row, role ? { id: role.id, permissions: role.permissions as PermissionMap | null } : null);
}

function toAccount(row: Selectable<UserTable>, roleRow: AccountRecord['roleRow']): AccountRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as RoleCode,
    oemId: row.oem_id,
    dealerId: row.dealer_id,
    fleetId: row.fleet_id,
    evOwnerId: row.ev_owner_id,
    driverId: row.driver_id,
    status: row.status,
    passwordHash: row.password_hash,
    roleRow,
  };
}

function toSession(
  row: Pick<Selectable<SessionTable>, 'id' | 'user_id' | 'created_at' | 'expires_at' | 'user_agent' | 'revoked_at'>,
): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    createdAt: asDate(row.created_at),
    expiresAt: asDate(row.expires_at),
    userAgent: row.user_agent,
    revokedAt: row.revoked_at === null ? null : asDate(row.revoked_at),
  };
}

type GrantJson = Pick<
  Selectable<AccessGrantTable>,
  'kind' | 'target' | 'target_id' | 'grantee_type' | 'grantee_id' | 'expires_at' | 'revoked_at'
>;

function toHeldGrant(r: GrantJson): HeldGrant {
  return {
    kind: r.kind as HeldGrant['kind'],
    target: r.target as HeldGrant['target'],
    targetId: r.target_id,
    granteeType: r.grantee_type as HeldGrant['granteeType'],
    granteeId: r.grantee_id,
    expiresAt: r.expires_at === null ? null : asDate(r.expires_at).getTime(),
    revokedAt: r.revoked_at === null ? null : asDate(r.revoked_at).getTime(),
  };
}

/** Accounts, sessions and failed sign-ins in SQL. */
export function createAuthRepository(db: Db): AuthStore {
  return {
    async accountByEmail(email) {
      const row = await db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
      return row ? accountOf(db, row) : undefined;
    },

    async sessionByTokenHash(tokenHash) {
      // One query for the session, its account and the account's role row: every request makes it (decision 0122).
      // A prepared statement: parsed once per connection (decision 0122, Session 24).
      const [row] = await preparedRows(
        db,
        db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .leftJoin('roles', (join) => join.on('roles.id', '=', sql<string>`coalesce(users.role_id, users.role)`))
          .selectAll('users')
          .select([
            'sessions.id as session_id',
            'sessions.user_id as session_user_id',
            'sessions.created_at as session_created_at',
            'sessions.expires_at as session_expires_at',
            'sessions.user_agent as session_user_agent',
            'sessions.revoked_at as session_revoked_at',
            'roles.id as role_row_id',
            'roles.permissions as role_row_permissions',
            // The grants held by any of the account's ids, in the same query (decision 0122, 2026-11-29): a superset of
            // what `granteeIdsOf` names (it holds the role's conditions), which the services keep to.
            sql<GrantJson[]>`(
            SELECT coalesce(json_agg(json_build_object(
              'kind', g.kind, 'target', g.target, 'target_id', g.target_id, 'grantee_type', g.grantee_type,
              'grantee_id', g.grantee_id, 'expires_at', g.expires_at, 'revoked_at', g.revoked_at)), '[]'::json)
            FROM access_grants g
            WHERE (g.grantee_type, g.grantee_id) IN (('user', users.id), ('oem', users.oem_id),
              ('dealer', users.dealer_id), ('fleet', users.fleet_id), ('evowner', users.ev_owner_id),
              ('driver', users.driver_id))
          )`.as('grants'),
          ])
          .where('sessions.token_hash', '=', tokenHash),
      );
      if (!row) return undefined;
      const {
        session_id,
        session_user_id,
        session_created_at,
        session_expires_at,
        session_user_agent,
        session_revoked_at,
        role_row_id,
        role_row_permissions,
        grants,
        ...user
      } = row;
      const session = toSession({
        id: session_id,
        user_id: session_user_id,
        created_at: session_created_at,
        expires_at: session_expires_at,
        user_agent: session_user_agent,
        revoked_at: session_revoked_at,
      });
      const roleRow =
        role_row_id === null ? null : { id: role_row_id, permissions: role_row_permissions as PermissionMap | null };
      return { session, account: toAccount(user as Selectable<UserTable>, roleRow), grants: grants.map(toHeldGrant) };
    },

    async createSession(session) {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          token_hash: session.tokenHash,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
          user_agent: session.userAgent,
          ip: session.ip,
          revoked_at: null,
        })
        .execute();
    },

    async markSignedIn(userId, at) {
      await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', userId).execute();
    },

    async liveSessions(userId, now) {
      const rows = await db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toSession);
    },

    async revokeSessions(userId, at, which) {
      let update = db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at);
      update = 'exceptId' in which ? update.where('id', '<>', which.exceptId) : update.where('id', '=', which.onlyId);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async apiKeyByHash(secretHash) {
      const key = await db
        .selectFrom('api_keys')
        .select(['id', 'scope', 'user_id', 'revoked_at'])
        .where('secret_hash', '=', secretHash)
        .executeTakeFirst();
      if (!key) return undefined;
      const user = await db.selectFrom('users').selectAll().where('id', '=', key.user_id).executeTakeFirst();
      if (!user) return undefined;
      return {
        key: { id: key.id, scope: key.scope, revokedAt: key.revoked_at === null ? null : asDate(key.revoked_at) },
        account: await accountOf(db, user),
      };
    },

    async grantsHeldBy(ids) {
      const pairs = Object.entries(ids).filter((pair): pair is [string, string] => typeof pair[1] === 'string');
      if (pairs.length === 0) return [];
      const rows = await db
        .selectFrom('access_grants')
        .select(['kind', 'target', 'target_id', 'grantee_type', 'grantee_id', 'expires_at', 'revoked_at'])
        .where((eb) =>
          eb.or(pairs.map(([type, id]) => eb.and([eb('grantee_type', '=', type), eb('grantee_id', '=', id)]))),
        )
        .execute();
      return rows.map(toHeldGrant);
    },

    async roleRows(codes) {
      const out = new Map<string, { id: string; permissions: PermissionMap | null }>();
      if (codes.length === 0) return out;
      const rows = await db
        .selectFrom('roles')
        .select(['id', 'permissions'])
        .where('id', 'in', [...codes])
        .execute();
      for (const r of rows) out.set(r.id, { id: r.id, permissions: r.permissions as PermissionMap | null });
      return out;
    },

    async markApiKeyUsed(id, at) {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    async passwordHashOf(userId) {
      const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
      return row?.password_hash;
    },

    async failuresSince(email, ip, since) {
      const account = await db
        .selectFrom('login_failures')
        .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`min(at)`.as('oldest')])
        .where('email', '=', email)
        .where('at', '>=', since)
        .executeTakeFirstOrThrow();
      const address =
        ip === null
          ? { count: 0, oldest: null }
          : await db
              .selectFrom('login_failures')
              .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`min(at)`.as('oldest')])
              .where('ip', '=', ip)
              .where('at', '>=', since)
              .executeTakeFirstOrThrow();
      const norm = (r: { count: number; oldest: Date | string | null }) => ({
        count: r.count,
        oldest: r.oldest === null ? null : asDate(r.oldest),
      });
      return { account: norm(account), address: norm(address) };
    },

    async recordFailure(email, ip, at) {
      await db.insertInto('login_failures').values({ email, ip, at }).execute();
    },

    async clearFailures(email) {
      await db.deleteFrom('login_failures').where('email', '=', email).execute();
    },
  };
}
