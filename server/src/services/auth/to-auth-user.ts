import type { Schemas } from '../lib/api-types';
import type { CallerUser } from '../lib/caller';

/** The public view of an account: identity, role and the scope ids it acts for (absent ids left out). */
export function toAuthUser(user: CallerUser): Schemas['AuthUser'] {
  const out: Schemas['AuthUser'] = { id: user.id, name: user.name, email: user.email, role: user.role };
  if (user.oemId) out.oemId = user.oemId;
  if (user.dealerId) out.dealerId = user.dealerId;
  if (user.fleetId) out.fleetId = user.fleetId;
  if (user.evOwnerId) out.evOwnerId = user.evOwnerId;
  if (user.driverId) out.driverId = user.driverId;
  return out;
}
