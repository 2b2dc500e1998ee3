/**
 * The report pipeline as one lazy module (`report-port.ts` loads it): building a report (`report.ts`, `metadata.ts`),
 * the outbox that sends it and keeps it when it cannot (`outbox.ts`), and the frame's feedback handlers
 * (`widget-feedback.ts`). It imports nothing of the core at run time: `report-port.ts` hands the core over with `use`
 * before any other export runs (`pipeline-core.ts`).
 */
export { use } from './pipeline-core';
export { cancelReportRetry, collectTicketData, flushReportQueue } from './report';
export {
  removeCaptureItemFromReport,
  resetCaptureForFlow,
  sendCaptureSummary,
  sendFeedbackFromFrame,
  sendSilentReport,
} from './widget-feedback';
