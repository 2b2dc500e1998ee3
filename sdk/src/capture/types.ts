// The capture chunks' wire shapes are defined once, beside the core that sends them (protocol/gleap-14.2.11.md:
// `screenshotData`, `webReplay`); field names are part of the wire contract.
export type { ReplayEvent, ScreenshotData, WebReplayPayload } from '../core/report-types';
