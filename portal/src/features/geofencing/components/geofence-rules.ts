import { GEOMETRY_ERROR, type GeometryError, type PolygonGeometry, validateGeometry } from '@/domain/geometry';

/** Delivery methods of a geofence alert as bit flags (portal spec §3). */
export const DELIVERY_METHOD = {
  Push: 1,
  Email: 2,
  SMS: 4,
  WebHook: 8,
  WebAlert: 16,
  Command: 32,
} as const;

export const DELIVERY_METHOD_OPTIONS = [
  { flag: DELIVERY_METHOD.Push, label: 'Push' },
  { flag: DELIVERY_METHOD.Email, label: 'Email' },
  { flag: DELIVERY_METHOD.SMS, label: 'SMS' },
  { flag: DELIVERY_METHOD.WebHook, label: 'Web Hook' },
  { flag: DELIVERY_METHOD.WebAlert, label: 'Web Alert' },
  { flag: DELIVERY_METHOD.Command, label: 'Command' },
] as const;

export const GEOFENCE_RULE = { Enter: 'enter', Exit: 'exit', Dwell: 'dwell' } as const;
export type GeofenceRule = (typeof GEOFENCE_RULE)[keyof typeof GEOFENCE_RULE];

/** What the editor submits, and what it takes as `initialValue` to edit a geofence. */
export interface GeofenceValue {
  name: string;
  rule: GeofenceRule;
  /** Only for the dwell rule. */
  dwellMinutes?: number;
  /** Sum of {@link DELIVERY_METHOD} flags. */
  deliveryMethods: number;
  geometry: PolygonGeometry;
}

/** The editor's fields while the user types; the geometry comes from the map. */
export interface GeofenceDraft {
  name: string;
  rule: GeofenceRule;
  dwellMinutes: number | '';
  deliveryMethods: number;
  geometry: PolygonGeometry | null;
}

export type GeofenceErrors = Partial<Record<'name' | 'dwellMinutes' | 'deliveryMethods' | 'geometry', string>>;

export const GEOMETRY_ERROR_MESSAGE: Record<GeometryError, string> = {
  [GEOMETRY_ERROR.NoShape]: 'Draw the geofence on the map: a polygon, circle or rectangle.',
  [GEOMETRY_ERROR.TooFewPoints]: 'The polygon needs at least 3 distinct points.',
  [GEOMETRY_ERROR.SelfIntersecting]: 'The polygon crosses itself. Move its points so that no edges cross.',
};

/** Field errors of a draft; an empty object means it can be submitted. */
export function validateGeofence(draft: GeofenceDraft): GeofenceErrors {
  const errors: GeofenceErrors = {};
  if (draft.name.trim() === '') errors.name = 'Enter a name.';
  else if (draft.name.trim().length > 80) errors.name = 'Use at most 80 characters.';
  if (draft.rule === GEOFENCE_RULE.Dwell) {
    const minutes = draft.dwellMinutes;
    if (minutes === '' || !Number.isInteger(minutes) || minutes < 1 || minutes > 1440)
      errors.dwellMinutes = 'Enter whole minutes between 1 and 1440.';
  }
  if (draft.deliveryMethods === 0) errors.deliveryMethods = 'Choose at least one delivery method.';
  const geometryError = validateGeometry(draft.geometry);
  if (geometryError) errors.geometry = GEOMETRY_ERROR_MESSAGE[geometryError];
  return errors;
}

/** The value to submit from a valid draft. */
export function toGeofenceValue(draft: GeofenceDraft): GeofenceValue {
  return {
    name: draft.name.trim(),
    rule: draft.rule,
    ...(draft.rule === GEOFENCE_RULE.Dwell ? { dwellMinutes: Number(draft.dwellMinutes) } : {}),
    deliveryMethods: draft.deliveryMethods,
    geometry: draft.geometry!,
  };
}

/** Flags as a list of set flags, e.g. 17 → [1, 16]. */
export function flagsOf(mask: number): number[] {
  return DELIVERY_METHOD_OPTIONS.map((o) => o.flag).filter((flag) => (mask & flag) !== 0);
}
