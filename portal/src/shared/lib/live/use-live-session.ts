import { useEffect } from 'react';
import { useLiveController } from './live-context';
import type { LiveCredentials } from './live-controller';

/**
 * Keeps the live connection in step with the session: connects when credentials are given, reconnects when they
 * change (token refresh, another user), disconnects on `null` (logout) and on unmount.
 *
 * @example
 * useLiveSession(isAuthenticated ? { url: env.mqttUrl, username: user.email, token } : null);
 */
export function useLiveSession(credentials: LiveCredentials | null): void {
  const controller = useLiveController();
  const url = credentials?.url;
  const username = credentials?.username;
  const token = credentials?.token;
  const clientId = credentials?.clientId;
  useEffect(() => {
    if (!url) return;
    controller.connect({ url, username, token, clientId });
    return () => controller.disconnect();
  }, [controller, url, username, token, clientId]);
}
