/** What the demo's activity store keeps per vehicle row: its drive profile. */
import type { WorldDb } from '../../world/db';
import { type DriveProfile, driveProfileOf } from '../../world/drive-profile';
import type { Vehicle } from '../../world/types';

const profileCache = new WeakMap<object, { seed: number; profile: DriveProfile }>();

/** A vehicle's drive profile (its day plans are cached with it while the row lives; an edited vehicle is a new row). */
export function profileFor(db: WorldDb, vehicle: Vehicle): DriveProfile {
  const hit = profileCache.get(vehicle);
  if (hit?.seed === db.world.seed) return hit.profile;
  const profile = driveProfileOf(db.world.seed, vehicle);
  profileCache.set(vehicle, { seed: db.world.seed, profile });
  return profile;
}
