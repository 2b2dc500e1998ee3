/**
 * Every tunable number of the capture chunks (spec §9), in one place so that tests pin them and a change shows in one diff.
 */

/** Screenshot snapshot (spec §9 "Screenshot image resize"). */
export const SNAPSHOT = {
  /** Images inlined on non-live hosts are scaled to fit this box. */
  imageMaxWidth: 500,
  imageMaxHeight: 500,
  /** Canvases are scaled down to at most this width (height keeps the ratio). */
  canvasMaxWidth: 1400,
  jpegQuality: 0.7,
  /** A single resource fetch for inlining gives up after this long, so a slow host cannot stall a report. */
  fetchTimeoutMs: 5000,
} as const;

/**
 * Hosts whose resources the dashboard can always load itself; never inlined (fonts, CDNs).
 * Matched as a suffix of the hostname.
 */
export const INLINE_EXCLUDED_HOSTS = [
  'fonts.googleapis.com',
  'fonts.gstatic.com',
  'use.typekit.net',
  'p.typekit.net',
  'use.fontawesome.com',
  'kit.fontawesome.com',
  'cdnjs.cloudflare.com',
  'cdn.jsdelivr.net',
  'unpkg.com',
  'ajax.googleapis.com',
  'maxcdn.bootstrapcdn.com',
  'stackpath.bootstrapcdn.com',
  'code.jquery.com',
] as const;

/** File extensions of fonts: never inlined (large, and the dashboard falls back to system fonts). */
export const FONT_EXTENSIONS = ['woff', 'woff2', 'ttf', 'otf', 'eot'] as const;

/** Web replay (spec §9 "Replay defaults", "Recorded mouse interactions", "Mouse move sampling"). */
export const REPLAY = {
  blockClass: 'gl-block',
  ignoreClass: 'gl-ignore',
  maskTextClass: 'gl-mask',
  imageQuality: 0.7,
  scrollSamplingMs: 150,
  mouseMoveSamplingMs: 50,
  /** rrweb's own iframe and stylesheet load time-outs; these are its defaults and pinned here so a bump is noticed. */
  iframeLoadTimeoutMs: 5000,
  stylesheetLoadTimeoutMs: 5000,
  recordCanvas: false,
  collectFonts: false,
  recordCrossOriginIframes: false,
  /**
   * A new segment (full snapshot) is taken at the next idle moment after this long... Each checkout is one synchronous full snapshot (a long task on
   * big pages), so not more often; two kept segments cover the last 2 to 4 minutes.
   */
  checkoutEveryMs: 120_000,
  /** ...or after this many incremental events, whichever comes first. Only the current and previous segment are kept. */
  checkoutEveryEvents: 2000,
  /** A due checkout waits for idle time at most this long. */
  checkoutIdleTimeoutMs: 1000,
  /** The first full snapshot waits for idle time at most this long after `startReplay`. */
  startIdleTimeoutMs: 2000,
  /**
   * A full snapshot is walked in slices (our @rrweb/record patch), each a task of at most this long, so that replay never
   * makes a task near the 50 ms long-task line whatever the page's size...
   */
  snapshotSliceMs: 8,
  /**
   * ...or of at most this many nodes, which bounds a slice where the page fakes its clock (performance.now stands still
   * within a task): 400 nodes took up to 63 ms on a loaded 2-core machine, cold (decision 0052).
   */
  snapshotSliceNodes: 200,
  /** An event whose JSON is longer than this has its data URLs replaced (spec §5). */
  maxEventChars: 4_000_000,
} as const;

/** Mouse interactions rrweb records: true = recorded (spec §9). Keys are rrweb's MouseInteractions names. */
export const REPLAY_MOUSE_INTERACTIONS = {
  MouseUp: false,
  MouseDown: false,
  Click: true,
  ContextMenu: true,
  DblClick: true,
  Focus: true,
  Blur: true,
  TouchStart: true,
  TouchEnd: false,
} as const;

/** The 1-pixel transparent GIF that replaces images in an oversized replay event. */
export const ONE_PIXEL_GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** Screen recording (spec §9 "Max screen recording", "Capture resolution"). */
export const RECORDING = {
  maxDurationMs: 120_000,
  chunkMs: 200,
  idealWidth: 3072,
  idealHeight: 1728,
  idealFrameRate: 10,
  maxFrameRate: 24,
  /**
   * Tried in order; the first supported one wins (webm preferred, mp4 fallback). VP8 before VP9: at screen resolutions VP9
   * costs several times the CPU, which the visitor's page would feel while recording.
   */
  mimeTypes: ['video/webm;codecs=vp8', 'video/webm', 'video/webm;codecs=vp9', 'video/mp4'],
  fileBaseName: 'screen-recording',
} as const;

/** Drawing (spec §9 "Drawing"). */
export const DRAWING = {
  penWidth: 12,
  /** Appended to the pen colour's hex: about 67 % opacity, so that the page stays readable under a stroke. */
  penOpacitySuffix: 'AA',
  rectangleWidth: 6,
  blurWidth: 40,
  blurColor: '#000000',
  smoothingBuffer: 4,
  /** A pointer press shorter than this in both directions is not a rectangle. */
  minRectangleSize: 2,
} as const;

/** The seven swatches of the colour picker; the first (red) is the default. */
export const SWATCHES = ['#EB144C', '#FF6705', '#FDB903', '#9900EE', '#00D082', '#0A93E4', '#CCCCCC'] as const;
export const DEFAULT_COLOR = SWATCHES[0];

/** Capture editor. */
export const EDITOR = {
  /** The host sits above the page and everything of the widget. */
  zIndex: 2147483646,
  /** The toolbar fades to this opacity while a shape is drawn. */
  toolbarFadedOpacity: 0.15,
  toolbarFadeMs: 200,
} as const;

/** Attribute that keeps an element (the widget's own UI, the capture editor) out of every snapshot. */
export { EXCLUDE_ATTRIBUTE } from '../core/report-types';
