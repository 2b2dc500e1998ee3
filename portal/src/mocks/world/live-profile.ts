import type { FleetSimulatorOptions } from '../live/fleet-simulator.js';
import type { WorldDb } from './db';
import { driveProfileOf, profileAt } from './drive-profile';

/**
 * What the demo's broker emulator needs to tell one truth about each vehicle (issue 18 item 1, decision 0103): only
 * vehicles the world has online are simulated, and each follows its drive profile, the one its list row, details and
 * history come from.
 */
export function liveProfileOptions(db: WorldDb): {
  isOnline: (vehicleId: string) => boolean;
  profileOf: NonNullable<FleetSimulatorOptions['profileOf']>;
} {
  return {
    isOnline: (vehicleId) => db.tables.vehicles.get(vehicleId)?.isLive === true,
    profileOf: (vehicleId) => {
      const vehicle = db.tables.vehicles.get(vehicleId);
      if (!vehicle) return null;
      const profile = driveProfileOf(db.world.seed, vehicle);
      return (t) => profileAt(profile, t);
    },
  };
}
