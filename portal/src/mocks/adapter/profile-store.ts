import type { AuditStore } from '@services/audit/audit-chain';
import type { ProfileAuthStore, ProfileDeps, ProfileUserStore } from '@services/profile/profile-store';
import type { WorldDb } from '../world/db';
import { worldAuditStore } from './audit-store';
import { demoPasswordHasher, worldAuthStore } from './auth-store';
import { worldUserStore } from './user-store';
import { worldTransact } from './world-transaction';

/** The profile services' dependencies over the demo world. */
export function worldProfileDeps(db: WorldDb): ProfileDeps {
  return {
    users: worldUserStore(db),
    auth: worldAuthStore(db),
    passwords: demoPasswordHasher,
    now: () => new Date(),
    transact: worldTransact(db, (undo): { users: ProfileUserStore; auth: ProfileAuthStore; audit: AuditStore } => ({
      users: worldUserStore(db, undo),
      auth: worldAuthStore(db, undo),
      audit: worldAuditStore(db, undo),
    })),
  };
}
