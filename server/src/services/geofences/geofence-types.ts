import type { Schemas } from '../lib/api-types';

export type Geofence = Schemas['Geofence'];
export type GeofenceRule = Geofence['rule'];
export type GeofenceGeometry = Geofence['geometry'];

export const GEOFENCE_RULES: readonly GeofenceRule[] = ['enter', 'exit', 'dwell'];

/** Audit entity name of spec §3. */
export const GEOFENCE_AUDIT_ENTITY = 'Geofence';
