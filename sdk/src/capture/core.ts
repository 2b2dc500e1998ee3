import type { CaptureCore } from '../core/capture-port';

/**
 * What the capture chunks use of the widget core (the redaction policy in force, the idle and task helpers), handed
 * over by `core/capture-port.ts` when a chunk loads, never imported: an import of a core module from a capture chunk
 * would make esbuild move that module into a chunk of its own that the core loads beside `index.js` (notes 0111, as
 * decision 0070 for the engagement chunks). Set before any function of a chunk runs.
 */
export const core = {} as CaptureCore;

export function use(given: CaptureCore): void {
  Object.assign(core, given);
}
