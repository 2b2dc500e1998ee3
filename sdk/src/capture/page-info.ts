import { SNAPSHOT } from './constants';

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
