import { forbidden } from '../lib/app-error';
import type { Caller } from '../lib/caller';

/** The company whose settings and keys the caller works on (decision 0080): the platform, or their OEM. */
export function tenantOf(caller: Caller): string {
  return caller.roleType === 'platform' ? 'platform' : (caller.user.oemId ?? `user:${caller.user.id}`);
}

/** A REST API key never manages settings, keys or the profile (decision 0080): those need a signed-in person. */
export function requirePerson(caller: Caller): void {
  if (caller.apiKeyId !== undefined) throw forbidden();
}
