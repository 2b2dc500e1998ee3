import type { PipelineCore } from './report-port';

/**
 * The core as the report pipeline sees it (`report.ts`, `outbox.ts`, `widget-feedback.ts`, `metadata.ts`, the log
 * readers): handed over by `report-port.ts` when it loads the pipeline, instead of imported. An import of a core module
 * from the pipeline would make esbuild move that module, and what it imports, into a chunk the core and the pipeline
 * share, and the core would load as several files (notes 0111; decision 0070 for the engagement chunks).
 * `core/lazy-boundary.test.ts` checks that the pipeline imports nothing else of the core at run time.
 */
export const core = {} as PipelineCore;

/** Take the core over (`report-port.ts` calls it before any export of the pipeline runs). */
export function use(handed: PipelineCore): void {
  Object.assign(core, handed);
}
