import { useMemo, useRef, useState } from 'react';
import { getEnv } from '@/config/env';
import { useLiveFleet } from '@/shared/lib/live/live-fleet';
import { type Bounds, viewportTopics } from '@/shared/lib/live/topics';
import { useLiveInterest } from '@/shared/lib/live/use-live-interest';
import { LiveMap } from './live-map';
import { MapVehicleList } from './map-vehicle-list';
import { applyTelemetryBatch } from './to-live-map-vehicle';
import type { LiveMapVehicle } from './vehicle-motion';

/**
 * The real-time map view: subscribes to the vehicles in the viewport through the live controller and draws the
 * latest reading of each (clustered, coloured by state, gliding between updates), and lists them for keyboard and
 * screen-reader users.
 */
export function RealTimeMap({
  height = 460,
  vehicleHref,
}: {
  height?: number;
  /** A vehicle's details page when the user may open it (card and list link to it). */
  vehicleHref?: ((vehicleId: string) => string) | null;
}) {
  const [bounds, setBounds] = useState<Bounds | null>(null);
  const topics = useMemo(() => (bounds ? viewportTopics(bounds) : []), [bounds]);
  useLiveInterest('real-time-map', topics);
  const fleet = useLiveFleet();
  const vehiclesRef = useRef<ReadonlyMap<string, LiveMapVehicle>>(new Map());
  const vehicles = useMemo(() => {
    vehiclesRef.current = applyTelemetryBatch(vehiclesRef.current, [...fleet.values()]);
    return vehiclesRef.current;
  }, [fleet]);
  const [focus, setFocus] = useState<{ vehicleId: string } | null>(null);
  return (
    <>
      <LiveMap
        vehicles={vehicles}
        onViewportChange={setBounds}
        height={height}
        mapStyleUrl={getEnv().mapStyleUrl}
        focus={focus}
        vehicleHref={vehicleHref}
      />
      <MapVehicleList vehicles={vehicles} onShow={(vehicleId) => setFocus({ vehicleId })} vehicleHref={vehicleHref} />
    </>
  );
}
