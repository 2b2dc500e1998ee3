import type { AccessGrantDeps, AccessGrantStore, GrantChoice } from '@services/access-grants/grant-store';
import type { AccessGrantRecord, NamedGrantRecord } from '@services/access-grants/grant-types';
import type { AuditStore } from '@services/audit/audit-chain';
import { ownerInScope } from '@services/device-groups/owner-scope';
import { fromApi, toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import type { AccessGrantRecord as WorldGrant } from '../world/types';
import { worldAuditStore } from './audit-store';
import { worldGroupOwner } from './device-group-store';
import { type UndoLog, worldTransact } from './world-transaction';

const hit = (q: string, ...texts: (string | null | undefined)[]) =>
  !q || texts.some((t) => t?.toLowerCase().includes(q.toLowerCase()));

/** A world grant with the parts of its names, as the SQL repository's joins read them. */
function named(db: WorldDb, g: WorldGrant): NamedGrantRecord {
  const t = db.tables;
  let targetParts: NamedGrantRecord['targetParts'] = null;
  if (g.targetId !== null) {
    if (g.target === 'vehicle') {
      const v = t.vehicles.get(g.targetId);
      if (v) targetParts = { name: v.registrationNumber, detail: v.vin };
    } else if (g.target === 'model') {
      const m = t.models.get(g.targetId);
      if (m) targetParts = { name: m.name, detail: m.kind };
    } else if (g.target === 'oem') {
      const o = t.oems.get(g.targetId);
      if (o) targetParts = { name: o.name, detail: null };
    }
  }
  let granteeParts: NamedGrantRecord['granteeParts'] = null;
  if (g.granteeType === 'user') {
    const u = t.users.get(g.granteeId);
    if (u) granteeParts = { name: u.name, email: u.email };
  } else if (g.granteeType === 'oem') {
    const o = t.oems.get(g.granteeId);
    if (o) granteeParts = { name: o.name, email: null };
  } else {
    const owner = worldGroupOwner(db, g.granteeType, g.granteeId);
    if (owner) granteeParts = { name: owner.name, email: null };
  }
  return { ...toApi<AccessGrantRecord>(g), targetParts, granteeParts };
}

/** The AccessGrantStore of the services over the demo world's grants (and what they name). */
export function worldAccessGrantStore(db: WorldDb, undo?: UndoLog): AccessGrantStore {
  const t = db.tables;
  const take = (out: GrantChoice[], limit: number, value: string, label: string) => {
    if (out.length < limit) out.push({ value, label });
  };
  return {
    async list(oemId) {
      const rows = [...t.accessGrants.values()].filter((g) => oemId === null || g.oemId === oemId);
      return rows.map((g) => named(db, g));
    },
    async get(id) {
      const g = t.accessGrants.get(id);
      return g && named(db, g);
    },
    async sameTargetAndGrantee(g) {
      return [...t.accessGrants.values()]
        .filter(
          (r) =>
            r.target === g.target &&
            r.targetId === g.targetId &&
            r.kind === g.kind &&
            r.granteeType === g.granteeType &&
            r.granteeId === g.granteeId,
        )
        .map((r) => toApi<AccessGrantRecord>(r));
    },
    async vehicle(id) {
      const v = t.vehicles.get(id);
      return v && { id: v.id, oemId: v.oemId };
    },
    async model(id) {
      const m = t.models.get(id);
      return m && { id: m.id, oemId: m.oemId, kind: m.kind };
    },
    async oem(id) {
      const o = t.oems.get(id);
      return o && { id: o.id, name: o.name };
    },
    owner: async (kind, id) => worldGroupOwner(db, kind, id),
    async account(id) {
      const u = t.users.get(id);
      return u && { id: u.id, name: u.name, status: u.status, role: u.roleId ?? u.role };
    },
    async insert(grant) {
      undo?.touch('accessGrants', grant.id);
      t.accessGrants.insert(fromApi<WorldGrant>(grant));
    },
    async revoke(id, at, by) {
      undo?.touch('accessGrants', id);
      t.accessGrants.update(id, { revokedAt: Date.parse(at), revokedBy: by });
    },
    async vehicleChoices(oemId, q, limit) {
      const out: GrantChoice[] = [];
      for (const v of t.vehicles.values()) {
        if (out.length >= limit) break;
        if ((oemId === null || v.oemId === oemId) && hit(q, v.registrationNumber, v.vin))
          take(out, limit, v.id, `${v.registrationNumber} (${v.vin})`);
      }
      return out;
    },
    async modelChoices(oemId, kind, q, limit) {
      const out: GrantChoice[] = [];
      for (const m of t.models.values())
        if ((oemId === null || m.oemId === oemId) && (kind === null || m.kind === kind) && hit(q, m.name, m.code))
          take(out, limit, m.id, `${m.name} (${m.kind})`);
      return out;
    },
    async oemChoices(oemId, q, limit) {
      const out: GrantChoice[] = [];
      for (const o of t.oems.values())
        if ((oemId === null || o.id === oemId) && hit(q, o.name)) take(out, limit, o.id, o.name);
      return out;
    },
    async ownerChoices(kind, scope, oemId, q, limit) {
      const table = { dealer: t.dealers, fleet: t.fleets, evowner: t.evOwners, driver: t.drivers }[kind];
      const out: GrantChoice[] = [];
      for (const row of table.values()) {
        if (out.length >= limit) break;
        const owner = worldGroupOwner(db, kind, row.id);
        if (!owner || !hit(q, owner.name) || !ownerInScope(scope, owner)) continue;
        if (oemId !== null && owner.oemId !== oemId) continue;
        take(out, limit, owner.id, owner.name);
      }
      return out;
    },
    async accountChoices(role, q, limit) {
      const out: GrantChoice[] = [];
      for (const u of t.users.values())
        if (u.status === 1 && (u.roleId ?? u.role) === role && hit(q, u.name, u.email))
          take(out, limit, u.id, `${u.name} <${u.email}>`);
      return out;
    },
  };
}

/** The access grant services' dependencies over the demo world. */
export function worldAccessGrantDeps(db: WorldDb): AccessGrantDeps {
  return {
    grants: worldAccessGrantStore(db),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { grants: AccessGrantStore; audit: AuditStore } => ({
      grants: worldAccessGrantStore(db, undo),
      audit: worldAuditStore(db, undo),
    })),
  };
}
