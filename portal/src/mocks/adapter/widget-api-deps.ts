import type { FeedbackDeps } from '@services/feedback/feedback-store';
import { sha256Hex } from '@services/lib/web-crypto';
import type { WorldDb } from '../world/db';
import { demoWidgetOf } from './demo-widget';
import { worldFeedbackReportStore } from './feedback-store';
import { toManaged } from './sdk-key-store';
import { worldTicketStore } from './ticket-store';
import { worldConversationStore, worldVisitorPush } from './widget-conversation-store';
import { worldWidgetEngagementStore } from './widget-engagement-store';
import { worldTransact } from './world-transaction';

const elsewhere = (what: string) => () => Promise.reject(new Error(`The demo keeps ${what} in the widget mock.`));

/**
 * The widget API services' dependencies over the demo world and its page's widget (decisions 0128, 0136): the SDK keys
 * are the world's (`sdkKeys`, which Settings edits), sessions the widget mock's (their hash kept in clear there, as a
 * browser keeps it), reports the inbox's, conversations the mock's list, tooltips and tours the world's
 * (`widget-engagement-store.ts`). A conversation write and the ticket message it carries run in one world transaction.
 * Uploads stay in the widget mock.
 */
export function widgetApiDeps(db: WorldDb): FeedbackDeps {
  const demo = demoWidgetOf(db);
  if (!demo) throw new Error('Attach the page widget to the demo world first (attachDemoWidget).');
  const { store } = demo;
  const conversations = worldConversationStore(db);
  return {
    sdkKeys: {
      async byKey(key) {
        const row = db.tables.sdkKeys.all().find((k) => k.key === key);
        return row ? toManaged(row) : undefined;
      },
    },
    sessions: {
      async get(sdkKeyId, id) {
        const s = store.sessions.get(id);
        if (!s) return undefined;
        const text = (v: unknown) => (typeof v === 'string' ? v : null);
        return {
          id: s.gleapId,
          sdkKeyId,
          hashSha256: await sha256Hex(s.gleapHash),
          userId: text(s.userId),
          name: text(s.name),
          email: text(s.email),
          phone: text(s.phone),
          value: typeof s.value === 'number' ? s.value : null,
          lang: text(s.lang),
          attributes: {},
          customData: s.customData ?? {},
        };
      },
      // The report and conversation calls never write sessions (the mock's session calls do).
      insert: elsewhere('widget sessions'),
      update: elsewhere('widget sessions'),
      addEvents: elsewhere('widget sessions'),
    },
    reports: worldFeedbackReportStore(db),
    uploads: { insert: elsewhere('uploads'), get: async () => undefined },
    files: { put: elsewhere('uploads'), read: async () => undefined, remove: async () => undefined },
    engagement: worldWidgetEngagementStore(db),
    conversations,
    conversationTx: worldTransact(db, (undo) => {
      const tickets = worldTicketStore(db, { undo });
      return { conversations: worldConversationStore(db, undo), tickets };
    }),
    push: worldVisitorPush(db),
    limiter: demo.limiter,
    now: () => new Date(),
  };
}
