import type { Caller } from '../lib/caller';
import type { Schemas } from '../lib/api-types';
import { sha256HexSync } from '../lib/sha256';
import { sha256Hex } from '../lib/web-crypto';

export type AuditEntry = Schemas['AuditEntry'];
export type AuditAction = AuditEntry['action'];
export type AuditChange = Schemas['AuditChange'];

/** The `prevHash` of the first entry of the chain. */
export const GENESIS_HASH = '0'.repeat(64);

/** Where the chain is kept. `lockTail` holds the chain until the transaction ends, so two writers never fork it. */
export interface AuditStore {
  lockTail(): Promise<{ seq: number; hash: string } | null>;
  insert(entry: AuditEntry): Promise<void>;
}

/** JSON with object keys sorted at every level and no whitespace: the text an entry's hash is taken of. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}

/**
 * The hash an entry must hold (openapi.yaml verifyAuditChain): SHA-256 of the canonical JSON of the entry without
 * `hash`, its time as epoch ms. Anyone can recompute it from a `GET /audit` answer.
 */
export function entryHash(entry: Omit<AuditEntry, 'hash'>): Promise<string> {
  return sha256Hex(hashedText(entry));
}

/** The text an entry's hash is taken of: its canonical JSON without `hash`, its time as epoch ms. */
function hashedText(entry: Omit<AuditEntry, 'hash'>): string {
  return canonicalJson({ ...entry, occurredAt: Date.parse(entry.occurredAt) });
}

/** An entry of a history before it is chained: everything but its place in the chain (`seq`, `prevHash`, `hash`). */
export type AuditDraft = Omit<AuditEntry, 'seq' | 'prevHash' | 'hash'>;

/**
 * A whole chain from its first entry, for a history written at once (the demo world's seeded past): the drafts in the
 * order given, numbered from 1, each linked to the one before and hashed as `entryHash` hashes it, synchronously
 * (a world's seeders are synchronous). `GET /audit/verify` checks the result like any chain `appendAudit` made.
 */
export function chainHistory(drafts: readonly AuditDraft[]): AuditEntry[] {
  const chain: AuditEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (const [i, draft] of drafts.entries()) {
    const unhashed: Omit<AuditEntry, 'hash'> = { ...draft, seq: i + 1, prevHash };
    const entry: AuditEntry = { ...unhashed, hash: sha256HexSync(hashedText(unhashed)) };
    chain.push(entry);
    prevHash = entry.hash;
  }
  return chain;
}

/** Fields that change with every write and say nothing about it. */
const NOISE = new Set(['id', 'updatedAt', 'names']);
/** Fields whose values never go into the log, only the fact that they changed. */
const SECRET = /password|token|secret/i;

/** The fields a write changed, before and after; every field of a row that was added or deleted. */
export function diffFields(before: object | null, after: object | null): AuditChange[] {
  const was = (before ?? {}) as Record<string, unknown>;
  const is = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])].filter((field) => !NOISE.has(field));
  const changes: AuditChange[] = [];
  for (const field of fields.sort()) {
    const b = was[field] ?? null;
    const a = is[field] ?? null;
    if (canonicalJson(b) === canonicalJson(a)) continue;
    if (SECRET.test(field))
      changes.push({ field, before: b === null ? null : '***', after: a === null ? null : '***' });
    else changes.push({ field, before: b, after: a });
  }
  return changes;
}

export interface AuditFact {
  entity: string;
  entityId: string;
  action: AuditAction;
  summary: string;
  changes: AuditChange[];
}

/**
 * Appends one entry to the chain. Call it inside the transaction of the write it describes: the write and its entry
 * commit together or not at all.
 */
export async function appendAudit(store: AuditStore, caller: Caller, fact: AuditFact, now: Date): Promise<AuditEntry> {
  const tail = await store.lockTail();
  const unhashed: Omit<AuditEntry, 'hash'> = {
    id: `aud-${crypto.randomUUID()}`,
    seq: (tail?.seq ?? 0) + 1,
    occurredAt: now.toISOString(),
    userId: caller.user.id,
    userName: caller.user.name,
    role: caller.user.role,
    ip: caller.client.ip,
    userAgent: caller.client.userAgent,
    entity: fact.entity,
    entityId: fact.entityId,
    action: fact.action,
    summary: fact.summary,
    changes: fact.changes,
    prevHash: tail?.hash ?? GENESIS_HASH,
  };
  const entry: AuditEntry = { ...unhashed, hash: await entryHash(unhashed) };
  await store.insert(entry);
  return entry;
}
