import type { components } from '@/domain/api-schema';

/** A geofence as the Fleet API sends it (generated from openapi.yaml). */
export type ApiGeofence = components['schemas']['Geofence'];
export type GeofenceInput = components['schemas']['GeofenceInput'];
export type GeofencePage = components['schemas']['GeofencePage'];
