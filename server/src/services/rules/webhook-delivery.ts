import type { Notification, NotificationDelivery } from '../notifications/notification-types';

/**
 * A rule's web-hook call (delivery method 8; decision 0126): an HTTPS POST of the notification as JSON, signed with the
 * web-hook signing secret of the rule's OEM (else the platform's, Settings > Delivery methods), so the receiver can
 * tell it came from Voltline and was not altered or replayed:
 *
 *   X-Voltline-Timestamp: <seconds since the epoch when it was signed>
 *   X-Voltline-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<body>" with the secret>
 *
 * (the scheme Stripe and Slack use). Only `https:` URLs are called, without following redirects, within a time-out;
 * an answer outside 2xx is a failure with its status. Pure apart from the `post` it is given: no Node import.
 */

export const SIGNATURE_HEADER = 'X-Voltline-Signature';
export const TIMESTAMP_HEADER = 'X-Voltline-Timestamp';
/** How long a receiver may take to answer. */
export const WEBHOOK_TIMEOUT_MS = 5000;

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The signature of a body at a timestamp (seconds): `v1=` and the hex HMAC-SHA256 of `<timestamp>.<body>`. */
export async function webhookSignature(secret: string, timestamp: number, body: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return `v1=${hex(await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${body}`)))}`;
}

/** The body a web-hook receives: the notification as the Fleet API shows it, with the ticket the rule opened. */
export function webhookBody(notification: Notification, ticketId: string | null): string {
  const { deliveries: _deliveries, ...rest } = notification;
  return JSON.stringify({ type: 'notification', notification: rest, ticketId });
}

/** What sends an HTTP request: its status, or a thrown error (network, time-out). */
export type WebhookPost = (
  url: string,
  init: { body: string; headers: Record<string, string>; timeoutMs: number },
) => Promise<{ status: number }>;

/** Calls the web-hook; answers the delivery outcome to record (delivered, or failed with why). */
export async function deliverWebhook(
  post: WebhookPost,
  input: { url: string | null; secret: string | null; notification: Notification; ticketId: string | null; now: Date },
): Promise<NotificationDelivery> {
  const at = input.now.toISOString();
  const failed = (error: string): NotificationDelivery => ({ method: 8, status: 'failed', error, at });
  if (!input.secret) return failed('No web-hook signing secret is set up, and unsigned calls are not sent.');
  let url: URL;
  try {
    url = new URL(input.url ?? '');
  } catch {
    return failed('The web-hook URL is not a URL.');
  }
  if (url.protocol !== 'https:') return failed('Only https web-hook URLs are called.');
  const body = webhookBody(input.notification, input.ticketId);
  const timestamp = Math.floor(input.now.getTime() / 1000);
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'Voltline-Webhooks/1',
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: await webhookSignature(input.secret, timestamp, body),
  };
  try {
    const { status } = await post(url.toString(), { body, headers, timeoutMs: WEBHOOK_TIMEOUT_MS });
    if (status >= 200 && status < 300) return { method: 8, status: 'delivered', error: null, at };
    return failed(`The endpoint answered HTTP ${status}.`);
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return failed(
      name === 'TimeoutError' || name === 'AbortError'
        ? `The endpoint did not answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.`
        : 'The endpoint could not be reached.',
    );
  }
}
