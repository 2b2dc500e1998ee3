import { isMobileUa } from '../core/report-types';

/** The viewport facts every capture payload carries. */
export interface PageInfo {
  baseUrl: string;
  width: number;
  height: number;
  isMobile: boolean;
}

/** Viewport size, base URL and mobile flag of the current page. */
export function getPageInfo(win: Window = window): PageInfo {
  return {
    baseUrl: win.location.origin,
    width: win.innerWidth,
    height: win.innerHeight,
    isMobile: isMobileUa(win.navigator.userAgent),
  };
}
