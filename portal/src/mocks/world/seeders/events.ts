import { COMMAND_DEFAULT_EXPIRY_S, samplePayload } from '@/domain/command-params';
import { SEEDED_RELEASE_VERSIONS } from '../firmware';
import { MODEL_COMMANDS, MODEL_FAULTS } from '../model-catalog';
import { pad } from '../prng';
import { SEEDED_RULE_IDS } from '../rule-seed';
import type { Command, DeviceKind, Fault, Notification } from '../types';
import { ids, type Seeder } from './context';

const KINDS: readonly DeviceKind[] = ['EV', 'BMS', 'MCU', 'VCU'];
const FIRMWARE_KINDS: readonly DeviceKind[] = ['BMS', 'MCU', 'VCU'];
/** The account that acknowledged the seeded faults and sent the seeded device commands. */
const SEED_OPERATOR = 'usr-sa';

/** The command a firmware rollout sends to a device: install one release (the seeded history's OTA commands). */
function otaCommandFor(version: string): (typeof MODEL_COMMANDS)['BMS'][number] {
  return { code: 'OTA_INSTALL', name: `Install firmware ${version}`, description: 'Install a firmware release.' };
}

/**
 * Fault occurrences of the last 30 days: about 30 % of the vehicles have one to three, of the vehicle or one of its
 * devices, from the model catalogue's faults; some cleared, some acknowledged.
 */
export const seedFaults: Seeder<'faults'> = (ctx) => {
  const { now } = ctx;
  const r = ctx.rng('faults');
  const rows: Fault[] = [];
  for (let i = 0; i < ctx.size; i += 1) {
    if (!r.chance(i, 0, 0.3)) continue;
    const count = r.int(i, 1, 1, 3);
    for (let n = 0; n < count; n += 1) {
      const f = 2 + n * 8;
      const kind = r.pick(i, f, KINDS);
      const def = r.pick(i, f + 1, MODEL_FAULTS[kind]);
      const occurred = now - r.int(i, f + 2, 1, 60 * 24 * 30) * 60_000;
      const cleared = r.chance(i, f + 3, 0.55) ? occurred + r.int(i, f + 4, 1, 600) * 60_000 : null;
      const acknowledged = r.chance(i, f + 5, 0.4) ? occurred + r.int(i, f + 6, 1, 120) * 60_000 : null;
      rows.push({
        id: `flt-evt-${pad(rows.length + 1, 7)}`,
        vehicleId: ids.vehicle(i),
        deviceId: kind === 'EV' ? null : ids.device(kind, i),
        deviceKind: kind,
        code: def.code,
        name: def.name,
        kind: def.kind,
        scope: def.scope,
        severity: def.severity,
        occurredAt: occurred,
        clearedAt: cleared === null || cleared > now ? null : cleared,
        acknowledgedAt: acknowledged === null || acknowledged > now ? null : acknowledged,
        acknowledgedBy: acknowledged === null || acknowledged > now ? null : SEED_OPERATOR,
      });
    }
  }
  return rows;
};

/**
 * The command history of the last 30 days: about 40 % of the vehicles have one to four, sent by an operator, by their
 * OEM's "Critical faults" rule or by a firmware rollout (an install of a seeded release, to a device only).
 */
export const seedCommands: Seeder<'commands'> = (ctx) => {
  const { now } = ctx;
  const r = ctx.rng('commands');
  const rows: Command[] = [];
  for (let i = 0; i < ctx.size; i += 1) {
    if (!r.chance(i, 0, 0.4)) continue;
    const count = r.int(i, 1, 1, 4);
    for (let n = 0; n < count; n += 1) {
      const f = 2 + n * 6;
      const kind = r.pick(i, f + 4, ['Device', 'Device', 'Device', 'Rule', 'OTA'] as const);
      // A firmware rollout sends only its install command, and only to a device (never to the vehicle as a whole).
      const deviceKind = kind === 'OTA' ? r.pick(i, f, FIRMWARE_KINDS) : r.pick(i, f, KINDS);
      const def =
        kind === 'OTA'
          ? otaCommandFor(r.pick(i, f + 1, SEEDED_RELEASE_VERSIONS))
          : r.pick(i, f + 1, MODEL_COMMANDS[deviceKind]);
      const sentAt = now - r.int(i, f + 2, 10, 60 * 24 * 30) * 60_000;
      const failed = r.chance(i, f + 3, 0.15);
      const acknowledgedAt = sentAt + r.int(i, f + 5, 1, 30) * 1000;
      rows.push({
        id: `cmd-${pad(rows.length + 1, 7)}`,
        vehicleId: ids.vehicle(i),
        deviceId: deviceKind === 'EV' ? null : ids.device(deviceKind, i),
        deviceKind,
        code: def.code,
        name: def.name,
        kind,
        status: failed ? 3 : 2,
        sentAt,
        acknowledgedAt,
        sentBy: kind === 'Device' ? SEED_OPERATOR : null,
        ruleId: kind === 'Rule' ? SEEDED_RULE_IDS.criticalFaults(ids.oem(ctx.placement(i).oem)) : null,
        payload: samplePayload(def.parameters),
        expiresAt: sentAt + COMMAND_DEFAULT_EXPIRY_S * 1000,
        failureReason: failed ? 'Rejected by the device' : null,
      });
    }
  }
  return rows;
};

/**
 * What the seeded rules sent: one notification per fault of severity High or above, a few seconds after it, by its
 * OEM's "Critical faults" or "High severity faults" rule, with one outcome per delivery method (a few failed).
 */
export const seedNotifications: Seeder<'notifications', 'faults'> = (ctx, { faults }) => {
  const r = ctx.rng('notifications');
  const rows: Notification[] = [];
  for (const fault of faults) {
    if (fault.severity < 3) continue;
    const k = rows.length;
    const critical = fault.severity >= 4;
    const oemId = ids.oem(ctx.placement(Number(fault.vehicleId.slice(4)) - 1).oem);
    // Push + Web Alert always; critical faults also e-mail and SMS.
    const deliveryMethods = critical ? 1 | 2 | 4 | 16 : 1 | 16;
    const sentAt = fault.occurredAt + r.int(k, 0, 2, 30) * 1000;
    const acknowledged = fault.acknowledgedAt !== null ? Math.max(fault.acknowledgedAt, sentAt + 1000) : null;
    const deliveries = [1, 2, 4, 8, 16, 32]
      .filter((bit) => (deliveryMethods & bit) !== 0)
      .map((bit, m) => {
        const method = bit as 1 | 2 | 4 | 8 | 16 | 32;
        const failed = method === 4 && r.chance(k, 40 + m, 0.2);
        return {
          method,
          status: failed ? ('failed' as const) : method === 16 ? ('sent' as const) : ('delivered' as const),
          error: failed ? 'The SMS gateway rejected the number (error 21211).' : null,
          // Nested times stay ISO strings (only a row's own `...At` fields are stored as numbers).
          at: new Date(sentAt + r.int(k, 10 + m, 1, 20) * 1000).toISOString(),
        };
      });
    rows.push({
      id: `ntf-${pad(k + 1, 7)}`,
      vehicleId: fault.vehicleId,
      faultId: fault.id,
      ruleId: critical ? SEEDED_RULE_IDS.criticalFaults(oemId) : SEEDED_RULE_IDS.highFaults(oemId),
      ruleName: critical ? 'Critical faults' : 'High severity faults',
      deliveryMethods,
      title: fault.name,
      message: `${fault.deviceKind} reported ${fault.code} (${fault.name}).`,
      severity: fault.severity,
      sentAt,
      deliveries,
      acknowledgedAt: acknowledged,
      acknowledgedBy: acknowledged === null ? null : fault.acknowledgedBy,
      acknowledgedByName: null,
      clearedAt: fault.clearedAt,
      ticketRequested: critical,
    });
  }
  return rows;
};
