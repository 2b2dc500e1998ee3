import type { EngageCore } from '../../core/engage-port';

/**
 * The small door to the admin builder, loaded by the core on `initialize` when another window opened the page
 * (`window.opener`). It says `init` to the opener at the builder URL's origin only, so the browser drops it for any other
 * opener, and loads the builder chunk (`builder.ts`, with the frame, picker and selector code) only when the opener
 * answers from that origin, handing that first message over. A page opened by a link from anywhere else downloads
 * this and nothing more. The wire is gleap's: `init` to the opener, the builder answers `load`.
 */

// Repeated from `constants.ts` (pinned equal by `opener.test.ts`): importing them would split the constants into a
// shared chunk of their own, and the builder chunk would pay for the extra file.
const BUILDER_URL = 'https://app.gleap.io';
const DISABLED_FLAG = 'gleapAdminDisabled';
const OPENER_TYPE = 'admin';

let core: EngageCore | undefined;
let listening: ((ev: MessageEvent) => void) | null = null;
let stopBuilder: (() => void) | null = null;

export function use(given: EngageCore): void {
  core = given;
}

/** The builder URL's origin (`Gleap.setBuilderUrl`, else gleap's), '' when it is not http(s). */
export function openerOrigin(): string {
  try {
    const url = new URL(core?.settings.builderUrl || BUILDER_URL, location.href);
    return /^https?:$/.test(url.protocol) ? url.origin : '';
  } catch {
    return '';
  }
}

/** Say `init` and wait for the builder's answer (once; nothing when the host set `window.gleapAdminDisabled`). */
export function start(): () => void {
  const opener = window.opener as Window | null;
  const origin = openerOrigin();
  if (listening || !opener || !origin || (window as unknown as Record<string, unknown>)[DISABLED_FLAG]) return stop;
  const first = (ev: MessageEvent) => {
    if (ev.source !== opener || ev.origin !== origin) return;
    removeEventListener('message', first);
    const given = core;
    import('./builder')
      .then((m) => {
        if (listening !== first || !given) return;
        m.use(given);
        stopBuilder = m.start(ev);
      })
      .catch(() => {});
  };
  listening = first;
  addEventListener('message', first);
  // encodeMessage's shape ({type, name}, no data), written out: this chunk stays free of the protocol module
  opener.postMessage(JSON.stringify({ type: OPENER_TYPE, name: 'init' }), origin);
  return stop;
}

/** Stop waiting, and stop the builder when it came. */
export function stop(): void {
  if (listening) removeEventListener('message', listening);
  listening = null;
  stopBuilder?.();
  stopBuilder = null;
}
