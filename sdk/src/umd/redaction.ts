import type * as Redaction from '../core/redaction';
import { handedOver } from './handed-over';

/**
 * Stands in for `core/redaction.ts` inside the UMD build's lazy chunks (`scripts/build-umd.mjs` resolves the capture
 * chunks' imports of it here): every call goes to the core's own module, so a policy set with
 * `Gleap.setRedactionPolicy` reaches snapshots, replays and recordings. A name the chunks import that is missing here
 * fails the build.
 */
const core = () => handedOver().redaction;

export const getRedactionPolicy: typeof Redaction.getRedactionPolicy = () => core().getRedactionPolicy();
export const isSensitiveName: typeof Redaction.isSensitiveName = (...a) => core().isSensitiveName(...a);
export const redactText: typeof Redaction.redactText = (...a) => core().redactText(...a);
export const redactUrl: typeof Redaction.redactUrl = (...a) => core().redactUrl(...a);
