import { Anchor, Group, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { PANEL_BODIES, type PanelBodies } from '@/features/dashboards/components/panels';
import { useVehicleDetailsHref } from './vehicle-href';

// MapLibre is large: the map arrives in its own chunk, after the rest of the dashboard has rendered.
const RealTimeMap = lazy(() =>
  import('@/features/live-map/components/real-time-map').then((m) => ({ default: m.RealTimeMap })),
);

/** The Real-Time Map View panel: the landed live map (features/live-map), composed here because a feature never imports another. */
function MapBody() {
  const vehicleHref = useVehicleDetailsHref();
  return (
    <>
      <Group justify="flex-end">
        <Anchor component={Link} to="?view=map" size="sm">
          Open the fleet map
        </Anchor>
      </Group>
      <Suspense fallback={<Loader m="md" aria-label="Loading the map" />}>
        <RealTimeMap height={360} vehicleHref={vehicleHref} />
      </Suspense>
    </>
  );
}

/** Every panel body of the dashboards: the feature's own plus the map. */
export const dashboardPanelBodies: PanelBodies = { ...PANEL_BODIES, map: MapBody };
