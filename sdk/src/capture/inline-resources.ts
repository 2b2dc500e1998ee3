import { SNAPSHOT } from './constants';
import {
  absolutizeCssUrls,
  escapeAttribute,
  escapeStyleText,
  isExcludedHost,
  isFontUrl,
  type PendingResource,
  scaleToFit,
} from './serialize-dom';

/** How resources are fetched and converted; injectable so that the rules can be tested without a network or canvas. */
export interface ResourceLoader {
  /** An image as a JPEG data URL at most 500 x 500. */
  imageToDataUrl(url: string): Promise<string>;
  /** Any resource as a data URL, unchanged. */
  fetchAsDataUrl(url: string): Promise<string>;
}

const CSS_URL_RE = /url\(\s*(['"]?)([^'")]+)\1\s*\)/gi;

/** True when a URL found in a page may be inlined: http(s), not a font, not on a font or CDN host. */
export function shouldInline(url: string): boolean {
  return /^https?:/i.test(url) && !isFontUrl(url) && !isExcludedHost(url);
}

/**
 * Replace the url()s of a stylesheet by data URLs where allowed; everything else (fonts, CDNs, failures) is made absolute so that
 * it still resolves once the sheet no longer lives at its own URL.
 */
export async function inlineCss(css: string, base: string, loader: ResourceLoader): Promise<string> {
  const absoluteCss = absolutizeCssUrls(css, base);
  const wanted = new Set<string>();
  for (const match of absoluteCss.matchAll(CSS_URL_RE)) {
    const url = match[2] ?? '';
    if (shouldInline(url)) wanted.add(url);
  }
  if (wanted.size === 0) return absoluteCss;
  const inlined = new Map<string, string>();
  await Promise.all(
    Array.from(wanted, async (url) => {
      try {
        inlined.set(url, await loader.fetchAsDataUrl(url));
      } catch (error) {
        console.warn('[Voltline] Could not inline a stylesheet resource', url, error);
      }
    }),
  );
  return absoluteCss.replace(CSS_URL_RE, (whole, quote: string, url: string) => {
    const data = inlined.get(url);
    return data ? `url(${quote || '"'}${data}${quote || '"'})` : whole;
  });
}

/** Resolve every pending resource of a serialised snapshot and put the results in place of their markers. */
export async function resolveResources(
  html: string,
  resources: PendingResource[],
  loader: ResourceLoader,
): Promise<string> {
  if (resources.length === 0) return html;
  const values = await Promise.all(
    resources.map(async (res) => {
      if (res.kind === 'css') return inlineCss(res.value, res.base, loader);
      if (!shouldInline(res.value)) return res.value;
      try {
        return await loader.imageToDataUrl(res.value);
      } catch (error) {
        console.warn('[Voltline] Could not resize an image for the snapshot', res.value, error);
        return res.value;
      }
    }),
  );
  const byMarker = new Map<string, string>();
  resources.forEach((res, i) => {
    const value = values[i] ?? '';
    byMarker.set(res.marker, res.context === 'attribute' ? escapeAttribute(value) : escapeStyleText(value));
  });
  return html.replace(/__gl_resource_\d+__/g, (marker) => byMarker.get(marker) ?? marker);
}

async function fetchWithTimeout(url: string): Promise<Blob> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SNAPSHOT.fetchTimeoutMs);
  try {
    const response = await fetch(url, { signal: controller.signal, credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await response.blob();
  } finally {
    clearTimeout(timer);
  }
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** The browser loader: fetch, decode through an <img> (SVG included), scale into a canvas, export JPEG 0.7. */
export const browserResourceLoader: ResourceLoader = {
  async imageToDataUrl(url) {
    const blob = await fetchWithTimeout(url);
    const objectUrl = URL.createObjectURL(blob);
    try {
      const img = new Image();
      img.src = objectUrl;
      await img.decode();
      const size = scaleToFit(
        img.naturalWidth || img.width,
        img.naturalHeight || img.height,
        SNAPSHOT.imageMaxWidth,
        SNAPSHOT.imageMaxHeight,
      );
      if (size.width === 0) throw new Error('image has no size');
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      // JPEG has no alpha: a white ground keeps transparent logos readable instead of black.
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, size.width, size.height);
      ctx.drawImage(img, 0, 0, size.width, size.height);
      return canvas.toDataURL('image/jpeg', SNAPSHOT.jpegQuality);
    } finally {
      URL.revokeObjectURL(objectUrl);
    }
  },
  async fetchAsDataUrl(url) {
    return blobToDataUrl(await fetchWithTimeout(url));
  },
};
