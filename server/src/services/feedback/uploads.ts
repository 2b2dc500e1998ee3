import { AppError, notFound, validationFailed } from '../lib/app-error';
import { randomToken } from '../lib/web-crypto';
import type { FeedbackDeps, StoredUpload } from './feedback-store';
import { WIDGET_LIMITS, limitRate } from './rate-limit';
import { type WidgetCaller, authenticateKey, sessionOf } from './widget-auth';

/** One uploaded file (a screen recording, an attachment) at most this large; the route's body limit is a bit more. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;

/**
 * `POST /uploads/sdk` (multipart `file`): keeps the file under the caller's key and answers its id (the transport
 * makes the `fileUrl`). An empty or missing file is 400, a file over UPLOAD_MAX_BYTES is 413; the file is written
 * whole before its row, and removed again when the row cannot be written, so nothing partial is kept.
 */
export async function uploadFile(
  deps: FeedbackDeps,
  caller: WidgetCaller,
  input: { file: { name: string; type: string; bytes: Uint8Array } | undefined },
): Promise<{ id: string }> {
  const key = await authenticateKey(deps, caller.apiToken);
  const session = await sessionOf(deps, caller, key);
  const now = deps.now();
  limitRate(
    deps.limiter,
    [
      ...(session ? [[`uploads:session:${session.id}`, WIDGET_LIMITS.uploadsPerSession] as const] : []),
      [`uploads:key:${key.id}`, WIDGET_LIMITS.uploadsPerKey],
    ],
    now,
  );
  const file = input.file;
  if (!file || file.bytes.length === 0) throw validationFailed({ file: 'A non-empty file is required.' });
  if (file.bytes.length > UPLOAD_MAX_BYTES) {
    throw new AppError('payload_too_large', `A file may have at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);
  }
  const type = file.type.toLowerCase().split(';')[0]?.trim() ?? '';
  const upload: StoredUpload = {
    id: `upl-${randomToken(18)}`,
    sdkKeyId: key.id,
    tenantId: key.tenantId,
    sessionId: session?.id ?? null,
    file: '',
    fileName: (file.name || 'file').slice(0, 255),
    type: MIME.test(type) ? type : 'application/octet-stream',
    size: file.bytes.length,
    createdAt: now,
  };
  upload.file = await deps.files.put(upload.id, file.bytes);
  try {
    await deps.uploads.insert(upload);
  } catch (error) {
    await deps.files.remove(upload.file);
    throw error;
  }
  return { id: upload.id };
}

/**
 * The bytes behind a `fileUrl`. The URL is the capability (an unguessable id, as the widget's hosts answer), since
 * an `<img>` or `<video>` of the messenger cannot send the key's headers.
 */
export async function readUpload(
  deps: FeedbackDeps,
  input: { id: string },
): Promise<{ type: string; fileName: string; bytes: Uint8Array }> {
  const upload = /^upl-[\w-]{1,64}$/.test(input.id) ? await deps.uploads.get(input.id) : undefined;
  const bytes = upload && (await deps.files.read(upload.file));
  if (!upload || !bytes) throw notFound('File');
  return { type: upload.type, fileName: upload.fileName, bytes };
}
