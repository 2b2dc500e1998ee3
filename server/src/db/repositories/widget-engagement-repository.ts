import type { StoredProductTour, WidgetEngagementStore } from '../../services/feedback/feedback-store';
import type { SeedWidgetEngagement } from '../seed-source';
import type { Db } from '../database';

/** The keys' tooltips and product tours in SQL (migration 0032, decision 0123 "Session 25"). */
export function createWidgetEngagementRepository(db: Db): WidgetEngagementStore {
  return {
    async tooltips(sdkKeyId) {
      const row = await db
        .selectFrom('widget_tooltips')
        .select('tooltips')
        .where('sdk_key_id', '=', sdkKeyId)
        .executeTakeFirst();
      return row?.tooltips ?? [];
    },
    async tour(sdkKeyId, outboundId) {
      const row = await db
        .selectFrom('widget_product_tours')
        .select(['sdk_key_id', 'outbound_id', 'status', 'config'])
        .where('sdk_key_id', '=', sdkKeyId)
        .where('outbound_id', '=', outboundId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        sdkKeyId: row.sdk_key_id,
        outboundId: row.outbound_id,
        status: row.status as StoredProductTour['status'],
        config: row.config,
      };
    },
  };
}

/** The demo world's tooltips and tours of its keys (the same rows the demo's in-memory store serves). */
export async function seedWidgetEngagement(
  db: Db,
  engagement: readonly SeedWidgetEngagement[],
  at: string,
): Promise<void> {
  const tooltips = engagement.filter((e) => e.tooltips.length > 0);
  if (tooltips.length > 0) {
    await db
      .insertInto('widget_tooltips')
      .values(tooltips.map((e) => ({ sdk_key_id: e.sdkKeyId, tooltips: JSON.stringify(e.tooltips), updated_at: at })))
      .execute();
  }
  const tours = engagement.flatMap((e) => e.tours.map((t) => ({ ...t, sdkKeyId: e.sdkKeyId })));
  if (tours.length > 0) {
    await db
      .insertInto('widget_product_tours')
      .values(
        tours.map((t) => ({
          sdk_key_id: t.sdkKeyId,
          outbound_id: t.outboundId,
          status: t.status,
          config: JSON.stringify(t.config),
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
}
