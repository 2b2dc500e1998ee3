import { forbidden, notFound } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { randomToken, sha256Hex } from '../lib/web-crypto';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import type { IngestionDeps } from './ingestion-store';

/** Device secrets start with this, so a broker tells a vehicle's password from a session token at a glance. */
export const VEHICLE_SECRET_PREFIX = 'vsec_';

/**
 * Issues (or replaces) a vehicle's device secret for the broker (decision 0117): 32 random bytes, returned once; only
 * its SHA-256 is stored. Platform callers only (who see every vehicle): provisioning a vehicle is an operator's act.
 */
export async function issueVehicleSecret(
  deps: IngestionDeps,
  caller: Caller,
  input: { vehicleId: string },
): Promise<{ vehicleId: string; secret: string }> {
  if (vehicleScopeOf(caller) !== null) throw forbidden();
  const secret = `${VEHICLE_SECRET_PREFIX}${randomToken(32)}`;
  const set = await deps.ingestion.setSecretHash(input.vehicleId, await sha256Hex(secret), deps.now());
  if (!set) throw notFound('Vehicle');
  return { vehicleId: input.vehicleId, secret };
}

/** Whether `secret` is the vehicle's device secret (the broker's check on CONNECT). */
export async function verifyVehicleSecret(deps: IngestionDeps, vehicleId: string, secret: string): Promise<boolean> {
  if (!secret.startsWith(VEHICLE_SECRET_PREFIX) || vehicleId === '') return false;
  const stored = await deps.ingestion.secretHash(vehicleId);
  if (stored === undefined) return false;
  const given = await sha256Hex(secret);
  // Both are 64 hex characters; compare every one so the time does not tell how many matched.
  let difference = given.length ^ stored.length;
  for (let i = 0; i < given.length; i += 1) difference |= given.charCodeAt(i) ^ stored.charCodeAt(i % stored.length);
  return difference === 0;
}
