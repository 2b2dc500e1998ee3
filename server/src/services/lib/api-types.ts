import type { components } from '@/shared/api/schema';

/** The contract's types, generated from openapi.yaml (never written by hand). */
export type Schemas = components['schemas'];
