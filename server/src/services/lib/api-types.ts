import type { components } from '@/domain/api-schema';

/** The contract's types, generated from openapi.yaml (never written by hand). */
export type Schemas = components['schemas'];
