import { SNAPSHOT } from './constants';

const PRIVATE_HOST_RE =
  /^(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|\[::1\]|::1)$/;

/**
 * True when the dashboard can load this host's resources itself. Local, private and dot-less hosts are not live (spec §5),
 * so their images and stylesheets must travel inside the snapshot.
 */
export function isLiveHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === '' || !host.includes('.')) return false;
  if (host.endsWith('.local')) return false;
  return !PRIVATE_HOST_RE.test(host);
}

/** The viewport facts every capture payload carries. */
export interface PageInfo {
  baseUrl: string;
  width: number;
  height: number;
  isMobile: boolean;
}

/** Viewport size, base URL and mobile flag of the current page. */
export function getPageInfo(win: Window = window): PageInfo {
  const width = win.innerWidth;
  const mobileAgent = /Mobi|Android|iPhone|iPad|iPod/i.test(win.navigator.userAgent);
  return {
    baseUrl: win.location.origin,
    width,
    height: win.innerHeight,
    isMobile: mobileAgent || width < SNAPSHOT.mobileBreakpoint,
  };
}
