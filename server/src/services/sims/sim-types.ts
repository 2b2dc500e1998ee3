import type { Schemas } from '../lib/api-types';

export type SimCard = Schemas['SimCard'];

/** Audit entity name of spec §3. */
export const SIM_AUDIT_ENTITY = 'SIM Card';
