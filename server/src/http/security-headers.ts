import type { FastifyInstance } from 'fastify';

/**
 * The portal's Content-Security-Policy: scripts only from this origin (no inline script), styles may be inline
 * (Mantine and MapLibre set style attributes), workers from blob: (MapLibre), WebSocket to the broker.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Where the widget's messenger frame is served (issue 38 item 5). */
export const MESSENGER_PREFIX = '/messenger/';

/**
 * The messenger frame's policy: the portal's, except that any page may frame it (decision 0132). It is the widget's
 * frame, opened by the integrator's pages on their own origins (as gleap's messenger is) and by the portal's own widget;
 * it holds no operator session (it acts for the visitor session the host page hands it), so framing it lends nothing.
 */
export const MESSENGER_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "frame-ancestors 'none'",
  'frame-ancestors *',
);

/** Security headers on every answer; HSTS only behind TLS (a plain-HTTP answer must not pin HTTPS). */
export function registerSecurityHeaders(app: FastifyInstance, options: { behindTls: boolean }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    const framable = request.url.startsWith(MESSENGER_PREFIX);
    reply.header('Content-Security-Policy', framable ? MESSENGER_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
    // X-Frame-Options has no "any origin" value: the messenger leaves it out (its CSP says who may frame it).
    if (!framable) reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.behindTls) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
