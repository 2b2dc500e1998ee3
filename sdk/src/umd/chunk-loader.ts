import * as redaction from '../core/redaction';
import type { UmdCore } from './handed-over';

/**
 * The UMD script's door to its lazy chunks (decision 0099). `scripts/build-umd.mjs` turns each `import()` of a lazy
 * folder in the core (`capture-port.ts`, `engage-port.ts`) into `loadChunk('<file>')`. The files sit beside
 * `index.umd.js` (a CDN path, a self-hosted folder): their URL is resolved against the script's own URL, read while the
 * script runs (`document.currentScript`; the page's URL when there is none). Each chunk gets the core's state handed over
 * before its module is returned. A chunk that cannot load rejects, and the ports drop it as they do in the ESM build.
 */
const script = typeof document === 'undefined' ? null : (document.currentScript as HTMLScriptElement | null);
const base = script?.src || (typeof location === 'undefined' ? '' : location.href);

const handOver: UmdCore = { redaction };

export const loadChunk = <M>(file: string): Promise<M> =>
  Promise.resolve()
    .then(() => import(/* @vite-ignore */ new URL(file, base).href))
    .then((m: M & { voltlineCore(core: UmdCore): void }) => {
      m.voltlineCore(handOver);
      return m;
    });
