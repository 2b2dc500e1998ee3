/** Configuration of the page's third-party tags (spec §1): an analytics script and the session-recording widget. */
export interface TagConfig {
  /** Script URL of an analytics tag; none by default. */
  analyticsUrl: string | null;
  /** SDK key of our widget, which doubles as the session-recording tag; the widget loads only when it is set. */
  widgetKey: string | null;
  /** Where the widget's UMD file is served from. */
  widgetScriptUrl: string;
  /** Widget API, WebSocket and messenger frame URLs; the widget's own defaults when not set. */
  widgetApiUrl: string | null;
  widgetWsUrl: string | null;
  widgetFrameUrl: string | null;
}

/** The default location of the widget's UMD build beside the portal. */
export const DEFAULT_WIDGET_SCRIPT_URL = '/widget/index.umd.js';

function httpUrlOrNull(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Reads the tag settings from Vite env values. Until the validated env module owns these, this is the one place that
 * reads them; anything that is not an http(s) URL or a non-empty key counts as "not configured".
 */
export function readTagConfig(env: Record<string, unknown>, base = 'http://localhost/'): TagConfig {
  const key =
    typeof env.VITE_WIDGET_KEY === 'string' && env.VITE_WIDGET_KEY.trim() !== '' ? env.VITE_WIDGET_KEY.trim() : null;
  return {
    analyticsUrl: httpUrlOrNull(env.VITE_ANALYTICS_URL, base),
    widgetKey: key,
    widgetScriptUrl: httpUrlOrNull(env.VITE_WIDGET_SCRIPT_URL, base) ?? new URL(DEFAULT_WIDGET_SCRIPT_URL, base).href,
    widgetApiUrl: httpUrlOrNull(env.VITE_WIDGET_API_URL, base),
    widgetWsUrl: wsUrlOrNull(env.VITE_WIDGET_WS_URL, base),
    widgetFrameUrl: httpUrlOrNull(env.VITE_WIDGET_FRAME_URL, base),
  };
}

/**
 * The tags of this page: the build's values (`VITE_*`), with the widget's key, API, WebSocket and frame taken from the
 * validated configuration when it names them, so a server's `config.json` points the portal's own widget at that
 * server (issue 38 item 5). The demo's config.json names none, and its widget keeps the in-page mock (`.env.demo`).
 */
export function tagConfigOf(
  build: Record<string, unknown>,
  env: { widgetKey?: string; widgetApiUrl?: string; widgetWsUrl?: string; widgetFrameUrl?: string },
  base = 'http://localhost/',
): TagConfig {
  return readTagConfig(
    {
      ...build,
      ...(env.widgetKey ? { VITE_WIDGET_KEY: env.widgetKey } : {}),
      ...(env.widgetApiUrl ? { VITE_WIDGET_API_URL: env.widgetApiUrl } : {}),
      ...(env.widgetWsUrl ? { VITE_WIDGET_WS_URL: env.widgetWsUrl } : {}),
      ...(env.widgetFrameUrl ? { VITE_WIDGET_FRAME_URL: env.widgetFrameUrl } : {}),
    },
    base,
  );
}

/** A ws(s) URL; a relative value is resolved against the page (http -> ws, https -> wss). */
function wsUrlOrNull(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol === 'http:' || url.protocol === 'https:')
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.protocol === 'ws:' || url.protocol === 'wss:' ? url.href.replace(/\/$/, '') : null;
  } catch {
    return null;
  }
}

interface GleapGlobal {
  initialize: (key: string) => void;
  setApiUrl: (url: string) => void;
  setWSApiUrl: (url: string) => void;
  setFrameUrl: (url: string) => void;
  setSoundUrl: (url: string) => void;
}

/**
 * The notification sound of the portal's own widget, served with the portal: the widget's default is gleap's CDN,
 * which the portal's Content-Security-Policy (`default-src 'self'`) refuses and an offline demo cannot reach.
 */
export const WIDGET_SOUND_PATH = 'widget-ping.wav';

function appendScript(doc: Document, src: string, id: string, onLoad?: () => void): HTMLScriptElement {
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  script.id = id;
  if (onLoad) script.addEventListener('load', onLoad);
  script.addEventListener('error', () => console.error(`Could not load ${id} from ${src}`));
  doc.head.appendChild(script);
  return script;
}

/**
 * How much of the window's bottom edge the widget's launcher covers: its 56 px button 20 px above the edge (the widget's
 * default `buttonY`), plus a 16 px gap. The shell keeps the end of every page this far up (issue 37 item 10).
 */
export const WIDGET_CLEARANCE_PX = 20 + 56 + 16;
/** The custom property that carries {@link WIDGET_CLEARANCE_PX} to the shell's main area while the widget is on the page. */
export const WIDGET_CLEARANCE_VAR = '--voltline-widget-clearance';

/**
 * Adds the configured tags to the page once; returns the ids of the tags it added. With the widget, the page's root
 * gets {@link WIDGET_CLEARANCE_VAR}, so the last line of a page stays clear of its button.
 */
export function loadThirdPartyTags(config: TagConfig, doc: Document = document): string[] {
  const added: string[] = [];
  if (config.analyticsUrl && !doc.getElementById('voltline-analytics')) {
    appendScript(doc, config.analyticsUrl, 'voltline-analytics');
    added.push('voltline-analytics');
  }
  const key = config.widgetKey;
  if (key && !doc.getElementById('voltline-widget')) {
    doc.documentElement.style.setProperty(WIDGET_CLEARANCE_VAR, `${WIDGET_CLEARANCE_PX}px`);
    appendScript(doc, config.widgetScriptUrl, 'voltline-widget', () => {
      const gleap = (doc.defaultView as (Window & { Gleap?: GleapGlobal }) | null)?.Gleap;
      if (gleap) {
        if (config.widgetApiUrl) gleap.setApiUrl(config.widgetApiUrl.replace(/\/$/, ''));
        if (config.widgetWsUrl) gleap.setWSApiUrl(config.widgetWsUrl);
        if (config.widgetFrameUrl) gleap.setFrameUrl(config.widgetFrameUrl);
        gleap.setSoundUrl(new URL(`${import.meta.env.BASE_URL}${WIDGET_SOUND_PATH}`, doc.baseURI).href);
        gleap.initialize(key);
      } else console.error('The widget script loaded but did not define window.Gleap');
    });
    added.push('voltline-widget');
  }
  return added;
}
