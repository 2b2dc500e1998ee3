/** Shapes shared by the core and the lazy capture chunks (`src/capture/*`). */

/** The page serialised as HTML for the report's screenshot (`screenshotData` on the wire), plus its scroll position. */
export interface ScreenshotData {
  html: string;
  baseUrl: string;
  width: number;
  height: number;
  isMobile: boolean;
  /** Horizontal scroll position (snapshot position). */
  x: number;
  /** Vertical scroll position (snapshot position). */
  y: number;
}

/** One rrweb event; only the fields the widget reads are typed. */
export interface ReplayEvent {
  type: number;
  data: unknown;
  timestamp: number;
  delay?: number;
}

/** The rrweb session replay sent with a report (`webReplay` on the wire). */
export interface WebReplayPayload {
  startDate: number;
  events: ReplayEvent[];
  baseUrl: string;
  width: number;
  height: number;
  isMobile: boolean;
  type: 'rrweb';
}

/**
 * One `excludeData` switch. gleap@14.2.11 types these as the `Boolean` wrapper; both are accepted so that code written
 * against gleap's typings compiles unchanged.
 */
// biome-ignore lint/complexity/noBannedTypes: wire compatibility with gleap@14.2.11's index.d.ts
export type ExcludeFlag = boolean | Boolean;

/** What `excludeData` may switch off in a report. */
export interface ExcludeData {
  customData?: ExcludeFlag;
  metaData?: ExcludeFlag;
  attachments?: ExcludeFlag;
  consoleLog?: ExcludeFlag;
  networkLogs?: ExcludeFlag;
  customEventLog?: ExcludeFlag;
  screenshot?: ExcludeFlag;
  replays?: ExcludeFlag;
}

export type Priority = 'LOW' | 'MEDIUM' | 'HIGH';

export interface ConsoleLogEntry {
  log: string;
  date: string;
  priority: 'INFO' | 'WARNING' | 'ERROR' | 'CLICK';
}

export interface NetworkLogEntry {
  url: string;
  date: string;
  type: string;
  request?: { payload: unknown; headers: Record<string, string> };
  response?: { status: number; statusText: string; responseText: string };
  success?: boolean;
  duration?: number;
  /** `fetch` or `xmlhttprequest` for logged requests; the resource timing's initiator for RESOURCE entries. */
  initiatorType?: string;
}

export interface CustomEvent {
  name: string;
  date: string;
  data?: unknown;
}

/** The `/bugs/v2` body (protocol file, "Other calls"). */
/** A screen recording as the capture editor made it. */
export interface RecordingFile {
  blob: Blob;
  fileName: string;
}

export interface BugReport {
  type: string;
  priority: Priority;
  customData?: Record<string, unknown>;
  metaData?: Record<string, unknown>;
  consoleLog?: ConsoleLogEntry[];
  networkLogs?: NetworkLogEntry[];
  customEventLog?: CustomEvent[];
  formData: Record<string, unknown>;
  isSilent: boolean;
  outbound?: string;
  screenshotData?: ScreenshotData;
  webReplay?: WebReplayPayload;
  screenRecordingUrl?: string;
  /**
   * The screen recording that waits for its upload (not a gleap field, never sent): the outbox keeps it with the report,
   * uploads it first and replaces it with `screenRecordingUrl` (`capture/recording-upload.ts`).
   */
  screenRecording?: RecordingFile;
  spamToken?: string;
  /** Only when `setTags` set some (as gleap). */
  tags?: string[];
  /** A UUID the widget gives each report, so that a retried report is stored once (not a gleap field). */
  clientId?: string;
}

/** Elements carrying this attribute (the widget's own UI, the capture editor) are left out of snapshots. */
export const EXCLUDE_ATTRIBUTE = 'data-gl-exclude';

/**
 * Mobile devices are detected by user agent (§9), one rule for the metadata's `mobile` and the `isMobile` of the
 * snapshot and the replay; the 450 px breakpoint is the layout's only.
 */
export function isMobileUa(ua: string): boolean {
  return /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i.test(ua);
}
