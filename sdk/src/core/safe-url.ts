import { addLog } from '../logs/console-recorder';
import { settings } from './state';

/** The only schemes a URL from the frame, the banner or server data may open (relative URLs resolve to the page's). */
export const SAFE_URL_PROTOCOLS: readonly string[] = ['http:', 'https:', 'mailto:', 'tel:'];

/** True for http(s), mailto and tel URLs and for relative ones; `javascript:`, `data:`, `blob:` and the rest are refused. */
export function isSafeUrl(url: string, base = typeof location !== 'undefined' ? location.href : undefined): boolean {
  try {
    // the URL parser drops the tabs and newlines that could hide a `java\tscript:` from a plain prefix test
    return SAFE_URL_PROTOCOLS.includes(new URL(url, base).protocol);
  } catch {
    return false;
  }
}

/**
 * Open a URL that came from the frame, the banner or server data: through the integrator's URL handler when set, else in
 * a new tab or this one. An unsafe URL is refused and logged, never opened.
 */
export function openSafeUrl(url: string, newTab?: boolean): boolean {
  if (!isSafeUrl(url)) {
    addLog(`Voltline widget: refused to open ${url.slice(0, 100)} (only http, https, mailto and tel)`, 'WARNING');
    return false;
  }
  if (settings.urlHandler) settings.urlHandler(url, newTab);
  else if (newTab) window.open(url, '_blank', 'noopener');
  else location.href = url;
  return true;
}
