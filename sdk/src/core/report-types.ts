/** Shapes shared by the core and the lazy capture chunks (`src/capture/*`). */

/** Page snapshot attached to a report (`screenshotData` on the wire). */
export interface ScreenshotData {
  html: string;
  baseUrl: string;
  width: number;
  height: number;
  isMobile: boolean;
  x: number;
  y: number;
}

/** rrweb session replay attached to a report (`webReplay` on the wire). */
export interface WebReplayPayload {
  startDate: number | string;
  events: unknown[];
  baseUrl: string;
  width: number;
  height: number;
  isMobile: boolean;
  type: 'rrweb';
}

/** What `excludeData` may switch off in a report. */
export interface ExcludeData {
  customData?: boolean;
  metaData?: boolean;
  attachments?: boolean;
  consoleLog?: boolean;
  networkLogs?: boolean;
  customEventLog?: boolean;
  screenshot?: boolean;
  replays?: boolean;
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
  initiatorType?: string;
}

export interface CustomEvent {
  name: string;
  date: string;
  data?: unknown;
}

/** The `/bugs/v2` body (protocol file, "Other calls"). */
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
  spamToken?: string;
  tags: string[];
}

/** Elements carrying this attribute (the widget's own UI, the capture editor) are left out of snapshots. */
export const EXCLUDE_ATTRIBUTE = 'data-gl-exclude';
