import { Grid } from '@mantine/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { type ReactNode, useState } from 'react';
import { GeofenceDrawMap } from './geofence-draw-map';
import { GeofenceForm } from './geofence-form';
import type { GeofenceValue } from './geofence-rules';
import type { PolygonGeometry } from '@/domain/geometry';

export type { GeofenceValue } from './geofence-rules';

export interface GeofenceEditorProps {
  /** An existing geofence to edit; without it the editor starts empty in polygon mode. */
  initialValue?: GeofenceValue;
  /** Receives a validated geofence; a rejected promise is shown as a save error. */
  onSubmit: (value: GeofenceValue) => void | Promise<void>;
  submitLabel?: string;
  /** Style for production tiles; defaults to the bundled offline style. */
  mapStyleUrl?: string;
  mapHeight?: number | string;
  onMapLoad?: (map: MapLibreMap) => void;
  /** More form fields kept by the caller (assigned vehicles on the editor page). */
  extraFields?: ReactNode;
}

/** Draw a geofence on the map (terra-draw) and fill in its name, rule and delivery methods. */
export function GeofenceEditor({
  initialValue,
  onSubmit,
  submitLabel,
  mapStyleUrl,
  mapHeight = 520,
  onMapLoad,
  extraFields,
}: GeofenceEditorProps) {
  const [geometry, setGeometry] = useState<PolygonGeometry | null>(initialValue?.geometry ?? null);
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <GeofenceDrawMap
          initialGeometry={initialValue?.geometry}
          onGeometryChange={setGeometry}
          mapStyleUrl={mapStyleUrl}
          height={mapHeight}
          onMapLoad={onMapLoad}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <GeofenceForm
          geometry={geometry}
          initialValue={initialValue}
          onSubmit={onSubmit}
          submitLabel={submitLabel}
          extraFields={extraFields}
        />
      </Grid.Col>
    </Grid>
  );
}
