import { createWindowLimiter, type RateLimiter } from '@services/feedback/rate-limit';
import type { MockConversation, WidgetMock } from '@voltline/widget/mock';
import type { WorldDb } from '../world/db';

/**
 * The demo page's own widget as the demo's stores see it (decision 0136): the widget mock's store (its sessions, and
 * the conversations the messenger reads), its socket, which report each conversation follows up, and the widget API's
 * rate limiter. `startDemoWorker` attaches it to the world; the Fleet API's handlers (a ticket's reply, a report's
 * conversation) and the widget API's (a report, the messenger's calls) read the same one. Kept in memory, like the
 * mock's sessions: a reload starts a new visit.
 */
export interface DemoWidget {
  store: WidgetMock['store'];
  pushUpdate: WidgetMock['pushUpdate'];
  /** Share token -> the id of the report the conversation follows up. */
  reportOf: Map<string, string>;
  limiter: RateLimiter;
}

const attached = new WeakMap<WorldDb, DemoWidget>();

/** Gives the world its page's widget (one per world); answers it. */
export function attachDemoWidget(db: WorldDb, widget: Pick<WidgetMock, 'store' | 'pushUpdate'>): DemoWidget {
  const demo: DemoWidget = {
    store: widget.store,
    pushUpdate: widget.pushUpdate,
    reportOf: new Map(),
    limiter: createWindowLimiter(),
  };
  attached.set(db, demo);
  return demo;
}

/** The world's page widget; undefined where none is attached (the handlers' unit tests without a widget). */
export function demoWidgetOf(db: WorldDb): DemoWidget | undefined {
  return attached.get(db);
}

/** The conversation that follows up the report, in the attached widget's store. */
export function conversationOfReport(db: WorldDb, reportId: string): MockConversation | undefined {
  const demo = attached.get(db);
  if (!demo) return undefined;
  return demo.store.conversations.find((c) => demo.reportOf.get(c.shareToken) === reportId);
}
