import type { StoredProductTour, WidgetEngagementStore } from '@services/feedback/feedback-store';
import type { WorldDb } from '../world/db';
import { demoWidgetEngagement } from '../world/widget-engagement';

interface Engagement {
  tooltips: Map<string, Record<string, unknown>[]>;
  tours: Map<string, StoredProductTour>;
}

const held = new WeakMap<WorldDb, Engagement>();
const tourKey = (sdkKeyId: string, outboundId: string) => `${sdkKeyId}\n${outboundId}`;

/**
 * The world's keys' tooltips and product tours (decision 0123 "Session 25"): the rows the server's seed stores
 * (`demoWidgetEngagement`), kept in memory as the demo's reports are. Nothing edits them in the demo yet.
 */
export function worldWidgetEngagementStore(db: WorldDb): WidgetEngagementStore {
  let engagement = held.get(db);
  if (!engagement) {
    engagement = { tooltips: new Map(), tours: new Map() };
    for (const e of demoWidgetEngagement()) {
      engagement.tooltips.set(e.sdkKeyId, e.tooltips);
      for (const t of e.tours) engagement.tours.set(tourKey(e.sdkKeyId, t.outboundId), { sdkKeyId: e.sdkKeyId, ...t });
    }
    held.set(db, engagement);
  }
  const { tooltips, tours } = engagement;
  return {
    tooltips: async (sdkKeyId) => structuredClone(tooltips.get(sdkKeyId) ?? []),
    tour: async (sdkKeyId, outboundId) => {
      const tour = tours.get(tourKey(sdkKeyId, outboundId));
      return tour && structuredClone(tour);
    },
  };
}
