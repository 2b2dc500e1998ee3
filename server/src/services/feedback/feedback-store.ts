import type { ConversationTx, TicketChanged, VisitorPush, WidgetConversationStore } from './conversation-store';
import type { FeedbackReportReader } from './inbox-store';
import type { RateLimiter } from './rate-limit';

/**
 * What the widget API's services read and write (decision 0115): SDK keys, the widget's sessions, the reports it sends
 * and the files it uploads. On the server these are SQL repositories and files under DATA_DIR.
 */

/** An organisation's SDK key (`Api-Token`). Public by design: it sits in every integrator's page. */
export interface StoredSdkKey {
  id: string;
  /** The organisation the key belongs to: `platform` or an OEM id, as company settings. */
  tenantId: string;
  key: string;
  name: string;
  /** The flowConfig edited in Settings; undefined for the default. */
  config: Record<string, unknown> | undefined;
  revokedAt: string | null;
}

export interface SdkKeyStore {
  /** The key with this value, revoked or not; undefined when no key has it. */
  byKey(key: string): Promise<StoredSdkKey | undefined>;
}

/** The contact fields a session keeps as columns (gleap's identify fields). */
export interface SessionContact {
  userId: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  value: number | null;
  lang: string | null;
}

/** A widget session as stored: its id (`gleapId`), the SHA-256 of its hash, its key and its contact. */
export interface StoredSession extends SessionContact {
  id: string;
  sdkKeyId: string;
  hashSha256: string;
  /** Other known contact attributes (companyId, companyName, plan, sla, avatar, createdAt). */
  attributes: Record<string, unknown>;
  customData: Record<string, unknown>;
}

/** A change of a session's contact: the fields given are set, the objects replace the stored ones. */
export type SessionChanges = Partial<SessionContact> & {
  attributes?: Record<string, unknown>;
  customData?: Record<string, unknown>;
};

/** One event of `POST /sessions/ping`. */
export interface SessionEvent {
  name: string;
  occurredAt: string | null;
  data: unknown;
}

export interface WidgetSessionStore {
  insert(session: StoredSession, at: Date): Promise<void>;
  /** The session of this key with this id; undefined when the key has none. */
  get(sdkKeyId: string, id: string): Promise<StoredSession | undefined>;
  /** Writes the changes and stamps the update and last-seen times. */
  update(id: string, changes: SessionChanges, at: Date): Promise<void>;
  /** Stores the events and stamps the last-seen time, in one transaction. */
  addEvents(id: string, events: SessionEvent[], at: Date): Promise<void>;
}

/** A report as stored: the body's JSON text as received, and what the inbox lists it by. */
export interface NewReport {
  id: string;
  sdkKeyId: string;
  tenantId: string;
  sessionId: string | null;
  clientId: string | null;
  type: string;
  priority: string | null;
  description: string | null;
  reportedBy: string | null;
  pageUrl: string | null;
  isSilent: boolean;
  outbound: string | null;
  /** The JSON text exactly as received. */
  body: string;
  bodyBytes: number;
  createdAt: Date;
}

export interface FeedbackReportStore {
  /**
   * Stores the report unless the key already has one with its client id: answers the id of the report that is stored
   * (this one, or the one sent before), and whether this call stored it.
   */
  insertOnce(report: NewReport): Promise<{ id: string; stored: boolean }>;
}

/** A file the widget uploaded, as its row keeps it. */
export interface StoredUpload {
  id: string;
  sdkKeyId: string;
  tenantId: string;
  sessionId: string | null;
  /** The stored file's name under the uploads folder. */
  file: string;
  fileName: string;
  type: string;
  size: number;
  createdAt: Date;
}

export interface WidgetUploadStore {
  insert(upload: StoredUpload): Promise<void>;
  get(id: string): Promise<StoredUpload | undefined>;
}

/** Where uploaded bytes live: files under DATA_DIR on the server. A file appears whole or not at all. */
export interface WidgetFiles {
  /** Writes the bytes and answers the stored file's name. */
  put(id: string, bytes: Uint8Array): Promise<string>;
  read(file: string): Promise<Uint8Array | undefined>;
  remove(file: string): Promise<void>;
}

/** A product tour of a key (migration 0032): its outbound id, whether it may start, its config as the widget reads it. */
export interface StoredProductTour {
  sdkKeyId: string;
  outboundId: string;
  status: 'live' | 'draft';
  config: Record<string, unknown>;
}

/** A key's tooltips and product tours (what the widget shows over the host page). */
export interface WidgetEngagementStore {
  /** The key's tooltips as the widget consumes them; none stored is `[]`. */
  tooltips(sdkKeyId: string): Promise<unknown[]>;
  /** The key's tour with this outbound id; undefined when the key has none. */
  tour(sdkKeyId: string, outboundId: string): Promise<StoredProductTour | undefined>;
}

export interface FeedbackDeps {
  sdkKeys: SdkKeyStore;
  sessions: WidgetSessionStore;
  /** The widget API writes reports; the inbox reads them (decision 0116). */
  reports: FeedbackReportStore & FeedbackReportReader;
  uploads: WidgetUploadStore;
  files: WidgetFiles;
  /** The keys' tooltips and product tours (decision 0123, session 25). */
  engagement: WidgetEngagementStore;
  /** The widget's conversations (decision 0128). */
  conversations: WidgetConversationStore;
  /** Runs a conversation write and the ticket message it carries in one transaction. */
  conversationTx<T>(work: (tx: ConversationTx) => Promise<T>): Promise<T>;
  /** The visitors' open sockets (`/widget-ws`). */
  push: VisitorPush;
  /** Where a ticket changed by the visitor's answer is announced (the live broker on the server); none by default. */
  ticketChanged?: TicketChanged;
  limiter: RateLimiter;
  now: () => Date;
}
