import { describe, expect, test } from 'vitest';
import { ACTION, can, type PermissionKey } from '@/domain/permissions';
import { type AuditEntry as ApiAuditEntry, entryHash, GENESIS_HASH } from '@services/audit/audit-chain';
import type { AuditEntry } from '../types';
import { AUDIT_HISTORY_DAYS } from './audit';
import { createSeedContext, DEFAULT_SEED, TIME } from './context';
import { seedWorld } from './index';

const OPTIONS = { seed: DEFAULT_SEED, size: 300 };
const world = seedWorld(OPTIONS);
const { now } = createSeedContext(OPTIONS);
const audit = world.audit;

/** The world's row an entry is about, by its entity. */
function rowOf(entry: AuditEntry): Record<string, unknown> | undefined {
  const tables: Record<string, readonly { id: string }[]> = {
    User: world.users,
    Access: world.roles,
    Rule: world.rules,
    Settings: world.companySettings,
    Vehicle: world.vehicles,
    Command: world.firmwareRollouts,
  };
  return tables[entry.entity]?.find((row) => row.id === entry.entityId) as Record<string, unknown> | undefined;
}

describe('the seeded audit history', () => {
  test('is a few hundred entries at most, of every kind of row the demo changes', () => {
    expect(audit.length).toBeGreaterThanOrEqual(40);
    expect(audit.length).toBeLessThanOrEqual(400);
    expect(new Set(audit.map((e) => e.entity))).toEqual(
      new Set(['User', 'Access', 'Rule', 'Settings', 'Vehicle', 'Command']),
    );
    expect(audit.filter((e) => e.changes.length > 0).length).toBe(audit.length);
    // A bigger world has more vehicles, not a longer history.
    expect(seedWorld({ seed: DEFAULT_SEED, size: 5000 }).audit.length).toBeLessThanOrEqual(400);
  });

  test('is the same for the same seed and size, and another for another seed', () => {
    expect(seedWorld(OPTIONS).audit).toEqual(audit);
    const other = seedWorld({ ...OPTIONS, seed: DEFAULT_SEED + 1 }).audit;
    expect(other.map((e) => e.hash)).not.toEqual(audit.map((e) => e.hash));
  });

  test('lies in the 60 days before the world’s now, in time order', () => {
    const start = now - AUDIT_HISTORY_DAYS * TIME.DAY;
    for (const entry of audit) {
      expect(entry.occurredAt).toBeGreaterThanOrEqual(start);
      expect(entry.occurredAt).toBeLessThan(now);
    }
    const times = audit.map((e) => e.occurredAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Spread over the window, not bunched at one end.
    expect(Math.min(...times)).toBeLessThan(start + 10 * TIME.DAY);
    expect(Math.max(...times)).toBeGreaterThan(now - 10 * TIME.DAY);
  });

  test('ends every changed field at the value the world holds', () => {
    const last = new Map<string, { entry: AuditEntry; after: unknown }>();
    for (const entry of audit) {
      for (const change of entry.changes)
        last.set(`${entry.entity}/${entry.entityId}/${change.field}`, { entry, after: change.after });
    }
    expect(last.size).toBeGreaterThan(50);
    for (const [key, { entry, after }] of last) {
      const row = rowOf(entry);
      expect(row, key).toBeDefined();
      const field = key.split('/').at(-1) as string;
      const value = (row as Record<string, unknown>)[field] ?? null;
      // Secrets are logged as "***": only the fact that they changed.
      if (/password|secret/i.test(field)) expect(after, key).toBe(value === null ? null : '***');
      else expect(after, key).toEqual(value);
    }
  });

  test('dates a change of a row that keeps its updatedAt at that time, and its creation at its createdAt', () => {
    // A creation: an Add, or a rollout's start.
    const made = (entry: AuditEntry) => entry.action === 'Add' || entry.entity === 'Command';
    for (const entry of audit) {
      const row = rowOf(entry) as { createdAt?: number; updatedAt?: number };
      if (made(entry)) expect(entry.occurredAt, entry.summary).toBe(row.createdAt);
    }
    const lastOf = new Map<string, AuditEntry>();
    for (const entry of audit) if (!made(entry)) lastOf.set(`${entry.entity}/${entry.entityId}`, entry);
    const dated = [...lastOf.values()].filter((e) => e.entity !== 'User');
    expect(dated.length).toBeGreaterThan(3);
    for (const entry of dated)
      expect(entry.occurredAt, entry.summary).toBe((rowOf(entry) as { updatedAt: number }).updatedAt);
  });

  test('is made by demo accounts that may make those changes', () => {
    const byId = new Map(world.users.map((u) => [u.id, u]));
    const roles = new Map(world.roles.map((r) => [r.code as string, r]));
    /** The permission the demo's handler (or the services) asks for the write an entry records. */
    const needed = (entry: AuditEntry): [PermissionKey, number] => {
      if (entry.entity === 'User') {
        if (entry.summary.startsWith('Reset the password')) return ['su', ACTION.RESET];
        const action = { Add: ACTION.ADD, Assign: ACTION.ASSIGN, 'Change Status': ACTION.CHANGE_STATUS };
        return ['su', action[entry.action as keyof typeof action] ?? ACTION.UPDATE];
      }
      if (entry.entity === 'Access') return ['su.RP', ACTION.UPDATE];
      if (entry.entity === 'Rule') {
        const action = { Add: ACTION.ADD, 'Change Status': ACTION.CHANGE_STATUS };
        return ['rule.l', action[entry.action as keyof typeof action] ?? ACTION.UPDATE];
      }
      if (entry.entity === 'Settings') return ['rule.dm', ACTION.UPDATE];
      if (entry.entity === 'Vehicle') return ['vh.l', ACTION.ADD];
      return ['FOTA', ACTION.ASSIGN];
    };
    for (const entry of audit) {
      const user = byId.get(entry.userId);
      expect(user, entry.userId).toBeDefined();
      expect(user?.email.endsWith('@voltline.demo'), entry.userId).toBe(true);
      expect(entry).toMatchObject({ userName: user?.name, role: user?.role });
      const [key, action] = needed(entry);
      const permissions = roles.get(entry.role)?.permissions;
      expect(can(permissions, key, action), `${entry.role}: ${entry.summary}`).toBe(true);
      // An OEM's admin changes only its own OEM's rows.
      if (entry.role === 'OEMA') {
        const row = rowOf(entry) as { oemId?: string; id: string };
        expect(row.oemId ?? row.id, entry.summary).toBe(user?.oemId);
      }
    }
    expect(new Set(audit.map((e) => e.role))).toEqual(new Set(['SA', 'OEMA']));
  });

  test('is a chain by the services’ own hash, from the genesis hash', async () => {
    let prev = GENESIS_HASH;
    for (const [i, entry] of audit.entries()) {
      expect(entry.seq).toBe(i + 1);
      expect(entry.prevHash).toBe(prev);
      const { hash, ...rest } = { ...entry, occurredAt: new Date(entry.occurredAt).toISOString() } as ApiAuditEntry;
      // Web Crypto's digest (what GET /audit/verify recomputes), not the synchronous one the seeder used.
      expect(await entryHash(rest)).toBe(hash);
      prev = hash;
    }
  });
});
