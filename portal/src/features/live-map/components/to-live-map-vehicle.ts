import type { VehicleTelemetry } from '@/domain/live-payloads';
import type { LiveMapVehicle } from './vehicle-motion';

/** The live map's view of one telemetry message (live contract v1). */
export function toLiveMapVehicle(telemetry: VehicleTelemetry): LiveMapVehicle {
  return {
    lat: telemetry.position.lat,
    lon: telemetry.position.lon,
    heading: telemetry.position.heading,
    stateCode: telemetry.state,
    soc: telemetry.soc,
    speed: telemetry.speed,
    ts: telemetry.ts,
  };
}

/**
 * A new vehicles map with one live batch applied: older readings (by `ts`) never overwrite newer ones. Returns the
 * same map when nothing changed, so React skips the render.
 */
export function applyTelemetryBatch(
  vehicles: ReadonlyMap<string, LiveMapVehicle>,
  batch: readonly VehicleTelemetry[],
): ReadonlyMap<string, LiveMapVehicle> {
  let next: Map<string, LiveMapVehicle> | null = null;
  for (const telemetry of batch) {
    const current = (next ?? vehicles).get(telemetry.vehicleUid);
    if (current && current.ts > telemetry.ts) continue;
    next ??= new Map(vehicles);
    next.set(telemetry.vehicleUid, toLiveMapVehicle(telemetry));
  }
  return next ?? vehicles;
}
