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
 * The messenger frame's policy: the portal's, except that pages of this origin may frame it (the portal's own widget
 * opens it in an iframe); every other site still may not.
 */
export const MESSENGER_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "frame-ancestors 'none'",
  "frame-ancestors 'self'",
);

/** Security headers on every answer; HSTS only behind TLS (a plain-HTTP answer must not pin HTTPS). */
export function registerSecurityHeaders(app: FastifyInstance, options: { behindTls: boolean }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    const framable = request.url.startsWith(MESSENGER_PREFIX);
    reply.header('Content-Security-Policy', framable ? MESSENGER_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
    reply.header('X-Frame-Options', framable ? 'SAMEORIGIN' : 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.behindTls) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
