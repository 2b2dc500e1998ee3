import type { Selectable } from 'kysely';
import type { SdkKeyStore, StoredSdkKey } from '../../services/feedback/feedback-store';
import type { Db } from '../database';
import type { SdkKeyTable } from '../schema';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toSdkKey(row: Selectable<SdkKeyTable>): StoredSdkKey {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    key: row.key,
    name: row.name,
    config: (row.config as Record<string, unknown> | null) ?? undefined,
    revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
  };
}

/** SDK keys in SQL (migration 0022). */
export function createSdkKeyRepository(db: Db): SdkKeyStore {
  return {
    async byKey(key) {
      const row = await db.selectFrom('sdk_keys').selectAll().where('key', '=', key).executeTakeFirst();
      return row && toSdkKey(row);
    },
  };
}

/** The seeded demo world's SDK key, which the portal's own widget uses (issue 38). */
export const DEMO_SDK_KEY = 'demo-widget-key';

export async function seedDemoSdkKey(db: Db, createdAt: string): Promise<void> {
  await db
    .insertInto('sdk_keys')
    .values({
      id: 'sdk-demo',
      tenant_id: 'platform',
      key: DEMO_SDK_KEY,
      name: 'Voltline portal',
      created_at: createdAt,
    })
    .execute();
}
