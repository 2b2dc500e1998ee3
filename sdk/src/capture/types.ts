/**
 * Wire shapes of the capture data (protocol/gleap-14.2.11.md: `screenshotData`, `webReplay`). Field names are part of the
 * wire contract and must not change.
 */

/** The page serialised as HTML for the report's screenshot, plus the scroll position it was taken at. */
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

/** The session replay sent with a report. */
export interface WebReplayPayload {
  startDate: number;
  events: ReplayEvent[];
  baseUrl: string;
  width: number;
  height: number;
  isMobile: boolean;
  type: 'rrweb';
}
