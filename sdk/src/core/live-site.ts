import { settings } from './state';

/** Private or local host names: never live (§5). */
export function isLocalHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    h === '' ||
    h === 'localhost' ||
    h === '127.0.0.1' ||
    h === '0.0.0.0' ||
    h === '::1' ||
    h.startsWith('192.168.') ||
    h.startsWith('10.0.') ||
    h.endsWith('.local') ||
    !h.includes('.')
  );
}

/** Live mode: the `setLiveSite` override, else false when offline or on local, private or dot-less hosts. */
export function isLiveMode(host = typeof location !== 'undefined' ? location.hostname : ''): boolean {
  if (settings.offline) return false;
  if (settings.liveSite !== undefined) return settings.liveSite;
  return !isLocalHost(host);
}
