import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../notifications/notification-types';
import {
  deliverWebhook,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  type WebhookPost,
  webhookSignature,
} from './webhook-delivery';

const NOTIFICATION = {
  id: 'ntf-r-rule-1-veh-1-1767600000000',
  vehicleId: 'veh-1',
  faultId: null,
  ruleId: 'rule-1',
  ruleName: 'Critical faults',
  deliveryMethods: 8,
  title: 'Critical faults',
  message: 'veh-1 on veh-1',
  severity: 4,
  sentAt: '2026-01-05T08:00:00.000Z',
  deliveries: [{ method: 8, status: 'sent', error: null, at: '2026-01-05T08:00:01.000Z' }],
  acknowledgedAt: null,
  acknowledgedBy: null,
  acknowledgedByName: null,
  clearedAt: null,
  ticketRequested: true,
} as Notification;
const NOW = new Date('2026-01-05T08:00:00.500Z');
const SECRET = 'whsec_0123456789abcdef';

function recorder(status = 200) {
  const calls: { url: string; body: string; headers: Record<string, string> }[] = [];
  const post: WebhookPost = async (url, init) => {
    calls.push({ url, body: init.body, headers: init.headers });
    return { status };
  };
  return { calls, post };
}

describe('web-hook delivery', () => {
  it('signs "<timestamp>.<body>" with HMAC-SHA256 of the secret, as a receiver checks it', async () => {
    const { calls, post } = recorder();
    const outcome = await deliverWebhook(post, {
      url: 'https://hooks.example.com/voltline',
      secret: SECRET,
      notification: NOTIFICATION,
      ticketId: 'tkt-1',
      now: NOW,
    });
    expect(outcome).toEqual({ method: 8, status: 'delivered', error: null, at: NOW.toISOString() });
    const [call] = calls;
    expect(call?.url).toBe('https://hooks.example.com/voltline');
    const timestamp = call?.headers[TIMESTAMP_HEADER];
    expect(timestamp).toBe(String(Math.floor(NOW.getTime() / 1000)));
    const expected = `v1=${createHmac('sha256', SECRET).update(`${timestamp}.${call?.body}`).digest('hex')}`;
    expect(call?.headers[SIGNATURE_HEADER]).toBe(expected);
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({
      type: 'notification',
      ticketId: 'tkt-1',
      notification: { id: NOTIFICATION.id, ruleId: 'rule-1', severity: 4 },
    });
    // Another secret or an altered body does not verify.
    expect(await webhookSignature('whsec_other', Number(timestamp), call?.body ?? '')).not.toBe(expected);
    expect(await webhookSignature(SECRET, Number(timestamp), `${call?.body} `)).not.toBe(expected);
  });

  it('calls https URLs only, never unsigned, and records an answer outside 2xx or no answer as failed', async () => {
    const input = { secret: SECRET, notification: NOTIFICATION, ticketId: null, now: NOW };
    const ok = recorder();
    expect(await deliverWebhook(ok.post, { ...input, url: 'http://hooks.example.com/x' })).toMatchObject({
      status: 'failed',
      error: 'Only https web-hook URLs are called.',
    });
    expect(await deliverWebhook(ok.post, { ...input, url: null })).toMatchObject({ status: 'failed' });
    expect(await deliverWebhook(ok.post, { ...input, url: 'https://h.example.com', secret: null })).toMatchObject({
      status: 'failed',
      error: 'No web-hook signing secret is set up, and unsigned calls are not sent.',
    });
    expect(ok.calls).toHaveLength(0);
    const down = recorder(503);
    expect(await deliverWebhook(down.post, { ...input, url: 'https://h.example.com' })).toMatchObject({
      status: 'failed',
      error: 'The endpoint answered HTTP 503.',
    });
    const slow: WebhookPost = async () => {
      throw new DOMException('timed out', 'TimeoutError');
    };
    expect(await deliverWebhook(slow, { ...input, url: 'https://h.example.com' })).toMatchObject({
      status: 'failed',
      error: 'The endpoint did not answer within 5 s.',
    });
  });
});
