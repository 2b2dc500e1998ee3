import {
  type AuditAction,
  type AuditChange,
  type AuditDraft,
  chainHistory,
  diffFields,
} from '@services/audit/audit-chain';
import { hashString, pad } from '../prng';
import type { AuditEntry, UserRecord } from '../types';
import { type Seeder, TIME } from './context';

/** How far back the seeded history reaches. */
export const AUDIT_HISTORY_DAYS = 60;
/** At most this many users and vehicles have a seeded past: the history stays a few hundred entries in any world. */
const MAX_USERS = 60;
const MAX_VEHICLES = 60;

const MINUTE = 60_000;
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
] as const;

/** One change of the past, before it is put in time order and chained. */
interface Event {
  at: number;
  actor: UserRecord;
  entity: string;
  entityId: string;
  action: AuditAction;
  summary: string;
  changes: AuditChange[];
}

/** One edit of a row: the values its fields held before it (the value after is the next edit's before, or the row's). */
interface Edit {
  at: number;
  before: Record<string, unknown>;
  actor: UserRecord;
  action: AuditAction;
  summary: string;
}

/**
 * The entries of edits (oldest first) that end at `current`: the row before the last edit is `current` with the last
 * edit's `before` values, and so on back, so the last change of every field ends at the value the world holds.
 * Returns the row as it was before the first edit too (what a creation entry holds).
 */
function editsEndingAt(
  current: object,
  edits: readonly Edit[],
  entity: string,
  entityId: string,
): { events: Event[]; first: Record<string, unknown> } {
  const events: Event[] = [];
  let after = { ...current } as Record<string, unknown>;
  for (let k = edits.length - 1; k >= 0; k -= 1) {
    const edit = edits[k] as Edit;
    const before = { ...after, ...edit.before };
    events.unshift({
      at: edit.at,
      actor: edit.actor,
      entity,
      entityId,
      action: edit.action,
      summary: edit.summary,
      changes: diffFields(before, after),
    });
    after = before;
  }
  return { events, first: after };
}

/** The fields of a row but `drop` (timestamps a creation entry does not list). */
function without(row: object, drop: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!drop.includes(key)) out[key] = value;
  return out;
}

/**
 * The audit log's past (issue 37 item 5): the last 60 days of changes to the world's users, roles, rules, firmware
 * rollouts, company settings and vehicles, by the demo accounts that may make them (the Super Admin, and the first
 * OEM's admin for its own staff and vehicles). Every diff is the services' `diffFields` between the row before and
 * after, and the last change of a field ends at the value the world holds; a change is dated at the row's `updatedAt`
 * where the row has one, a creation at its `createdAt`. The entries form a chain by the services' own hash
 * (`chainHistory`), so `GET /audit/verify` finds it valid in the demo and in the server's seeded database.
 */
export const seedAudit: Seeder<
  'audit',
  'users' | 'roles' | 'rules' | 'firmwareRollouts' | 'companySettings' | 'vehicles'
> = (ctx, { users, roles, rules, firmwareRollouts, companySettings, vehicles }) => {
  const r = ctx.rng('audit');
  const { now } = ctx;
  const start = now - AUDIT_HISTORY_DAYS * TIME.DAY;
  const inWindow = (at: number) => at >= start && at < now;
  const sa = users.find((u) => u.id === 'usr-sa');
  const oema = users.find((u) => u.id === 'usr-oema');
  if (!sa || !oema) return [];
  const oemOfAdmin = oema.oemId ?? null;
  const byId = new Map(users.map((u) => [u.id, u]));
  /** A time in the window for draw `field` of item `i`, at least `after` (minutes apart, before now). */
  const timeIn = (i: number, field: number, after = start): number => {
    const from = Math.max(after, start) + MINUTE;
    const at = from + r.int(i, field, 0, Math.max(0, Math.floor((now - from) / MINUTE) - 1)) * MINUTE;
    return Math.min(at, now - MINUTE);
  };
  const events: Event[] = [];

  // Roles: the permissions an admin changed (one more action granted on one key), at the role's updatedAt.
  for (const role of roles) {
    if (!inWindow(role.updatedAt) || role.updatedAt <= role.createdAt) continue;
    const keys = Object.keys(role.permissions).sort() as (keyof typeof role.permissions)[];
    const key = keys.find((k) => (role.permissions[k] ?? 0) > 1) ?? keys[0];
    if (key === undefined) continue;
    const bits = role.permissions[key] ?? 0;
    const granted = 2 ** (31 - Math.clz32(bits));
    const before = { permissions: { ...role.permissions, [key]: bits - granted } };
    const edit: Edit = {
      at: role.updatedAt,
      before,
      actor: sa,
      action: 'Update',
      summary: `Updated role ${role.name}`,
    };
    events.push(...editsEndingAt(role, [edit], 'Access', role.id).events);
  }

  // Rules: made by their creator; a disabled one was switched off, another had its cooldown raised.
  for (const rule of rules) {
    const creator = byId.get(rule.createdBy ?? '') ?? sa;
    const edits: Edit[] = [];
    if (rule.updatedAt > rule.createdAt && inWindow(rule.updatedAt)) {
      edits.push(
        rule.enabled
          ? {
              at: rule.updatedAt,
              before: { cooldownSeconds: Math.round(rule.cooldownSeconds / 2) },
              actor: creator,
              action: 'Update',
              summary: `Updated rule ${rule.name}`,
            }
          : {
              at: rule.updatedAt,
              before: { enabled: true },
              actor: creator,
              action: 'Change Status',
              summary: `Disabled rule ${rule.name}`,
            },
      );
    }
    const { events: edited, first } = editsEndingAt(rule, edits, 'Rule', rule.id);
    events.push(...edited);
    if (inWindow(rule.createdAt)) {
      events.push({
        at: rule.createdAt,
        actor: creator,
        entity: 'Rule',
        entityId: rule.id,
        action: 'Add',
        summary: `Added rule ${rule.name}`,
        changes: diffFields(null, without(first, ['createdAt', 'updatedAt', 'lastFiredAt'])),
      });
    }
  }

  // Company settings: the platform's sender and signing secret, the first OEM's SMS sender.
  for (const settings of companySettings) {
    if (!inWindow(settings.updatedAt)) continue;
    const edits: Edit[] =
      settings.id === 'platform'
        ? [
            {
              at: settings.updatedAt - r.int(10_000, 1, 10, 30) * TIME.DAY,
              before: { smtpSender: 'noreply@voltline.demo' },
              actor: sa,
              action: 'Update',
              summary: 'Updated the delivery methods',
            },
            {
              at: settings.updatedAt,
              before: { webhookSecret: 'whsec_demo_platform_0000' },
              actor: sa,
              action: 'Update',
              summary: 'Made a new web-hook signing secret',
            },
          ]
        : settings.id === oemOfAdmin
          ? [
              {
                at: settings.updatedAt,
                before: { smsSenderId: 'OEMALR' },
                actor: oema,
                action: 'Update',
                summary: 'Updated the delivery methods',
              },
            ]
          : [];
    events.push(...editsEndingAt(settings, edits, 'Settings', settings.id).events);
  }

  // Users: passwords reset, names corrected, accounts suspended and restored, staff given the admin role.
  const roleName = new Map(roles.map((role) => [role.code as string, role.name]));
  for (const [i, user] of users.slice(0, MAX_USERS).entries()) {
    const actor = user.role !== 'SA' && user.role !== 'OEMA' && user.oemId === oemOfAdmin && i % 2 === 0 ? oema : sa;
    if (user.id === actor.id || user.role === 'SA') continue;
    const edits: Edit[] = [];
    if (r.chance(i, 1, 0.3) && /^[A-Z]/.test(user.name)) {
      edits.push({
        at: timeIn(i, 2, start),
        before: { name: user.name.toLowerCase() },
        actor,
        action: 'Update',
        summary: `Updated user ${user.name}`,
      });
    }
    const promotedFrom = user.id.startsWith('usr-dlr-') ? 'DE' : user.id.startsWith('usr-flt-') ? 'FE' : null;
    if (promotedFrom && r.chance(i, 3, 0.4)) {
      const at = timeIn(i, 4, edits.at(-1)?.at);
      edits.push({
        at,
        before: { role: promotedFrom },
        actor,
        action: 'Assign',
        summary: `Gave ${user.name} the role ${roleName.get(user.role) ?? user.role}`,
      });
    }
    if (user.status === 1 && r.chance(i, 5, 0.2)) {
      const off = timeIn(i, 6, edits.at(-1)?.at);
      edits.push(
        { at: off, before: { status: 1 }, actor, action: 'Change Status', summary: `Deactivated user ${user.name}` },
        {
          at: timeIn(i, 7, off),
          before: { status: 0 },
          actor,
          action: 'Change Status',
          summary: `Activated user ${user.name}`,
        },
      );
    }
    if (r.chance(i, 8, 0.5)) {
      edits.push({
        at: timeIn(i, 9, edits.at(-1)?.at),
        before: { password: `${user.password}-expired` },
        actor,
        action: 'Update',
        summary: `Reset the password of ${user.name}`,
      });
    }
    events.push(...editsEndingAt(user, edits, 'User', user.id).events);
  }

  // Firmware rollouts started in the window, by the Super Admin (their creator is the platform's admin).
  for (const rollout of firmwareRollouts) {
    if (!inWindow(rollout.createdAt)) continue;
    events.push({
      at: rollout.createdAt,
      actor: sa,
      entity: 'Command',
      entityId: rollout.id,
      action: 'Assign',
      summary: `Started rollout of ${rollout.version} to ${rollout.deviceCount} devices (${rollout.targetLabel})`,
      changes: diffFields(null, {
        releaseId: rollout.releaseId,
        version: rollout.version,
        deviceType: rollout.deviceType,
        modelId: rollout.modelId,
        targetKind: rollout.targetKind,
        targetLabel: rollout.targetLabel,
        deviceCount: rollout.deviceCount,
        policy: rollout.policy,
      }),
    });
  }

  // Vehicles registered in the window: by the first OEM's admin for its own, by the Super Admin for the others.
  let registered = 0;
  for (const vehicle of vehicles) {
    if (registered >= MAX_VEHICLES) break;
    if (!inWindow(vehicle.createdAt)) continue;
    registered += 1;
    events.push({
      at: vehicle.createdAt,
      actor: vehicle.oemId === oemOfAdmin ? oema : sa,
      entity: 'Vehicle',
      entityId: vehicle.id,
      action: 'Add',
      summary: `Added vehicle ${vehicle.vin}`,
      changes: diffFields(null, {
        vin: vehicle.vin,
        registrationNumber: vehicle.registrationNumber,
        vehicleType: vehicle.vehicleType,
        modelId: vehicle.modelId,
        oemId: vehicle.oemId,
        dealerId: vehicle.dealerId,
        fleetId: vehicle.fleetId,
        evOwnerId: vehicle.evOwnerId,
        driverId: vehicle.driverId,
        connectivity: vehicle.connectivity,
      }),
    });
  }

  // In time order (a stable sort: edits of one row at one instant keep their order), then chained from the first.
  events.sort((a, b) => a.at - b.at);
  /** An account's office address: the same for all its entries. */
  const ipOf = (userId: string) => {
    const h = hashString(userId);
    return `10.${20 + (h % 8)}.${(h >>> 8) % 256}.${2 + ((h >>> 16) % 250)}`;
  };
  const drafts: AuditDraft[] = events.map((event, k) => ({
    id: `aud-seed-${pad(k + 1, 5)}`,
    occurredAt: new Date(event.at).toISOString(),
    userId: event.actor.id,
    userName: event.actor.name,
    role: event.actor.role,
    ip: ipOf(event.actor.id),
    userAgent: event.actor.id === sa.id ? USER_AGENTS[0] : r.pick(k, 11, USER_AGENTS),
    entity: event.entity,
    entityId: event.entityId,
    action: event.action,
    summary: event.summary,
    changes: event.changes,
  }));
  // Kept with its time as epoch ms, as the demo's audit store keeps an entry: the very number its hash was taken of.
  return chainHistory(drafts).map((entry): AuditEntry => ({ ...entry, occurredAt: Date.parse(entry.occurredAt) }));
};
