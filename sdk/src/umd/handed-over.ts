import type * as Redaction from '../core/redaction';

/**
 * The chunks' side of the UMD hand-over (decision 0099). In the UMD build the lazy chunks are separate ES modules
 * beside `index.umd.js`; the core is inside that one script, out of their reach. What they would otherwise import of
 * the core's state (the redaction policy in force) is handed to them here by the script's chunk loader
 * (`chunk-loader.ts`) before any of their exports runs, so there is one copy of that state: the core's. Each UMD chunk
 * exports `receiveCore` as `voltlineCore` (`scripts/build-umd.mjs`); they share this module, so one hand-over serves all.
 */
export interface UmdCore {
  redaction: typeof Redaction;
}

let core: UmdCore | undefined;

export function receiveCore(handed: UmdCore): void {
  core = handed;
}

export function handedOver(): UmdCore {
  if (!core) throw new Error('Voltline widget: a UMD chunk ran before the core was handed over');
  return core;
}
