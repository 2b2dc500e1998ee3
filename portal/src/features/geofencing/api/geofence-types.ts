import type { components } from '@/shared/api/schema';

/** A geofence as the Fleet API sends it (generated from openapi.yaml). */
export type ApiGeofence = components['schemas']['Geofence'];
export type GeofenceInput = components['schemas']['GeofenceInput'];
export type GeofencePage = components['schemas']['GeofencePage'];

export const geofenceKeys = {
  all: ['geofences'] as const,
  list: (q: string, page: number) => ['geofences', 'list', { q, page }] as const,
  one: (id: string) => ['geofences', 'one', id] as const,
};
