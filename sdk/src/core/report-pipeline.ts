/**
 * The report pipeline as one lazy module (`report-port.ts` loads it): building a report (`report.ts`, `metadata.ts`),
 * the outbox that sends it and keeps it when it cannot (`outbox.ts`), and the frame's feedback handlers
 * (`widget-feedback.ts`).
 */
export { cancelReportRetry, collectTicketData, flushReportQueue } from './report';
export {
  removeCaptureItemFromReport,
  resetCaptureForFlow,
  sendCaptureSummary,
  sendFeedbackFromFrame,
  sendSilentReport,
} from './widget-feedback';
