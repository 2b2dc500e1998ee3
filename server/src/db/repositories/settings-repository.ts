import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type {
  CarbonSettingsStore,
  StoredCarbonSettings,
  SupplyContract,
} from '../../services/carbon-settings/carbon-settings-store';
import { liveNameConflict } from '../../services/settings/api-keys';
import type { ApiKeyStore, SettingsStore } from '../../services/settings/settings-store';
import type { StoredApiKey, StoredSettings } from '../../services/settings/settings-types';
import type { Db } from '../database';
import type { ApiKeyTable, CompanySettingsTable } from '../schema';
import { writeUnique } from './unique-violation';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function toSettings(row: Selectable<CompanySettingsTable>): StoredSettings {
  return {
    tenantId: row.tenant_id,
    logo:
      row.logo_file !== null && row.logo_type !== null
        ? {
            file: row.logo_file,
            type: row.logo_type,
            size: row.logo_size ?? 0,
            fileName: row.logo_file_name ?? 'logo',
            updatedAt: iso(row.logo_updated_at ?? row.updated_at),
          }
        : null,
    smtpSender: row.smtp_sender,
    smsSenderId: row.sms_sender_id,
    webhookSecretSet: row.webhook_secret !== null,
    updatedAt: iso(row.updated_at),
  };
}

/** Company settings rows in SQL; the web-hook secret is written, never read back out of the row. */
export function createSettingsRepository(db: Db): SettingsStore {
  return {
    async get(tenantId) {
      const row = await db
        .selectFrom('company_settings')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      return row && toSettings(row);
    },
    async save(tenantId, changes, at) {
      const set: Record<string, unknown> = { updated_at: at };
      if (changes.logo !== undefined) {
        set.logo_file = changes.logo?.file ?? null;
        set.logo_type = changes.logo?.type ?? null;
        set.logo_size = changes.logo?.size ?? null;
        set.logo_file_name = changes.logo?.fileName ?? null;
        set.logo_updated_at = changes.logo ? new Date(changes.logo.updatedAt) : null;
      }
      if (changes.smtpSender !== undefined) set.smtp_sender = changes.smtpSender;
      if (changes.smsSenderId !== undefined) set.sms_sender_id = changes.smsSenderId;
      if (changes.webhookSecret !== undefined) set.webhook_secret = changes.webhookSecret;
      await db
        .insertInto('company_settings')
        .values({ tenant_id: tenantId, ...set } as never)
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(set as never))
        .execute();
    },
  };
}

function toApiKeyRow(row: Selectable<ApiKeyTable>): StoredApiKey {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    userId: row.user_id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdAt: iso(row.created_at),
    createdBy: row.created_by,
    lastUsedAt: isoOrNull(row.last_used_at),
    resetAt: isoOrNull(row.reset_at),
    revokedAt: isoOrNull(row.revoked_at),
  };
}

const KEY_COLUMNS = [
  'id',
  'tenant_id',
  'user_id',
  'name',
  'scope',
  'prefix',
  'created_at',
  'created_by',
  'last_used_at',
  'reset_at',
  'revoked_at',
] as const;

/** REST API keys in SQL; no method ever answers a secret's hash. */
export function createApiKeyRepository(db: Db): ApiKeyStore {
  return {
    async list(tenantId) {
      const rows = await db
        .selectFrom('api_keys')
        .select(KEY_COLUMNS)
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => toApiKeyRow(row as Selectable<ApiKeyTable>));
    },
    async get(id) {
      const row = await db.selectFrom('api_keys').select(KEY_COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && toApiKeyRow(row as Selectable<ApiKeyTable>);
    },
    async liveNameTaken(tenantId, name) {
      const row = await db
        .selectFrom('api_keys')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('revoked_at', 'is', null)
        .where(sql`lower(name)`, '=', name.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },
    async insert(key, secretHash) {
      await writeUnique(
        () =>
          db
            .insertInto('api_keys')
            .values({
              id: key.id,
              tenant_id: key.tenantId,
              user_id: key.userId,
              name: key.name,
              scope: key.scope,
              prefix: key.prefix,
              secret_hash: secretHash,
              created_at: key.createdAt,
              created_by: key.createdBy,
              last_used_at: key.lastUsedAt,
              reset_at: key.resetAt,
              revoked_at: key.revokedAt,
            })
            .execute(),
        liveNameConflict,
      );
    },
    async updateLive(id, changes) {
      const set: Record<string, unknown> = {};
      if (changes.prefix !== undefined) set.prefix = changes.prefix;
      if (changes.secretHash !== undefined) set.secret_hash = changes.secretHash;
      if (changes.resetAt !== undefined) set.reset_at = changes.resetAt;
      if (changes.lastUsedAt !== undefined) set.last_used_at = changes.lastUsedAt;
      if (changes.revokedAt !== undefined) set.revoked_at = changes.revokedAt;
      if (Object.keys(set).length === 0) return false;
      const result = await db
        .updateTable('api_keys')
        .set(set as never)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

const PARTY_TABLES = { oem: 'oems', dealer: 'dealers', fleet: 'fleets', evowner: 'ev_owners' } as const;

/**
 * Carbon method settings in SQL: the `carbon` JSON of the organisation's company settings row; a fleet's seeded supply
 * contract is `seeded_supply_contract` of its row (`fleet:<id>`, written by the seed).
 */
export function createCarbonSettingsRepository(db: Db): CarbonSettingsStore {
  return {
    async get(organisationId) {
      const row = await db
        .selectFrom('company_settings')
        .select('carbon')
        .where('tenant_id', '=', organisationId)
        .executeTakeFirst();
      return (row?.carbon ?? undefined) as StoredCarbonSettings | undefined;
    },
    async save(organisationId, settings) {
      const at = new Date(settings.updatedAt);
      const carbon = JSON.stringify(settings);
      await db
        .insertInto('company_settings')
        .values({ tenant_id: organisationId, carbon, updated_at: at })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ carbon, updated_at: at }))
        .execute();
    },
    async partyName(kind, id) {
      const row = await db.selectFrom(PARTY_TABLES[kind]).select('name').where('id', '=', id).executeTakeFirst();
      return row?.name;
    },
    async seededContract(fleetId) {
      const row = await db
        .selectFrom('company_settings')
        .select('seeded_supply_contract')
        .where('tenant_id', '=', `fleet:${fleetId}`)
        .executeTakeFirst();
      return (row?.seeded_supply_contract ?? null) as SupplyContract | null;
    },
  };
}
