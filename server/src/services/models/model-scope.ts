import type { Caller } from '../lib/caller';

/** Which models a caller sees: an OEM's staff their OEM's models; everyone else who may read models every model (null). */
export type ModelScope = { oemId: string | null } | null;

export function modelScopeOf(caller: Caller): ModelScope {
  return caller.roleType === 'oem' ? { oemId: caller.user.oemId } : null;
}
