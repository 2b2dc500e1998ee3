import type { RecordingUploadCore } from '../core/capture-port';
import type { QueuedReport } from '../core/report-queue';

/**
 * The upload of a report's screen recording, run by the outbox before it sends the report (decision 0105). It lives in
 * the editor chunk, which made the recording, so the core pays no bytes for it; what it needs of the core (the client
 * time-out fetch, the error class the outbox retries on, the outbox write) is handed over, never imported.
 *
 * `POST /uploads/sdk` (multipart `file`) with the report's own API URL and headers. On a 200 with a `fileUrl`, the
 * report gets `screenRecordingUrl`, loses the file, and the outbox entry is written back, so a later failure of
 * `/bugs/v2` never uploads the recording twice. Anything else rejects with an `HttpError` (status 0 for a network
 * failure, a time-out or an answer without `fileUrl`): the outbox keeps the report and its recording.
 */
export async function uploadRecording(item: QueuedReport, core: RecordingUploadCore): Promise<void> {
  const recording = item.report.screenRecording;
  if (!recording) return;
  const form = new FormData();
  form.append('file', recording.blob, recording.fileName);
  // multipart: the browser writes the Content-Type with its boundary
  const { 'Content-Type': _json, ...headers } = item.headers;
  const res = await core.request(`${item.apiUrl.replace(/\/+$/, '')}/uploads/sdk`, {
    method: 'POST',
    headers,
    body: form,
  });
  if (res.status !== 200) throw new core.HttpError(res.status, undefined, res.retryAfterMs);
  let fileUrl: unknown;
  try {
    fileUrl = JSON.parse(res.text).fileUrl;
  } catch {
    // handled below
  }
  if (typeof fileUrl !== 'string' || !fileUrl) throw new core.HttpError(0, 'upload answer without fileUrl');
  item.report.screenRecordingUrl = fileUrl;
  delete item.report.screenRecording;
  try {
    await core.save(item);
  } catch {
    // IndexedDB gone meanwhile: the report still goes out with the URL now
  }
}
