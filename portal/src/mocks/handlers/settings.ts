import { ACTION } from '@/domain/permissions';
import type { components } from '@/domain/api-schema';
import type { WorldDb } from '../world/db';
import type { ApiKeyRecord, CompanySettingsRecord } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { sha256Hex } from './lib/sha256';
import { recordAudit } from './lib/audit-log';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors, readJsonObject } from './lib/body';
import { conflict, forbidden, notFound } from './lib/http-error';
import { toApi } from './lib/serialize';

type ApiSettings = components['schemas']['CompanySettings'];
type ApiKey = components['schemas']['ApiKey'];

/** Logo rule (decision 0080): PNG, JPEG or WebP, at most 512 KB, and the bytes must be what the type says. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 512 * 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SMS_SENDER = /^[A-Za-z0-9]{3,11}$/;

/** The company whose settings the caller works on: the platform, or their OEM. */
export function tenantOf(ctx: AuthContext): string {
  return ctx.roleType === 'platform' ? 'platform' : (ctx.user.oemId ?? `user:${ctx.user.id}`);
}

function settingsOf(db: WorldDb, tenantId: string): CompanySettingsRecord {
  return (
    db.tables.companySettings.get(tenantId) ?? {
      id: tenantId,
      logo: null,
      smtpSender: null,
      smsSenderId: null,
      webhookSecret: null,
      updatedAt: Date.now(),
    }
  );
}

function saveSettings(db: WorldDb, next: CompanySettingsRecord): CompanySettingsRecord {
  if (db.tables.companySettings.get(next.id))
    return db.tables.companySettings.update(next.id, next) as CompanySettingsRecord;
  return db.tables.companySettings.insert(next);
}

function toApiSettings(row: CompanySettingsRecord): ApiSettings {
  return {
    tenantId: row.id,
    logo: row.logo ? { ...row.logo, updatedAt: new Date(row.logo.updatedAt).toISOString() } : null,
    smtpSender: row.smtpSender,
    smsSenderId: row.smsSenderId,
    webhookSecretSet: row.webhookSecret !== null,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** The decoded bytes of a base64 data URL and its declared type, or null when it is not one. */
function decodeDataUrl(value: string): { type: string; bytes: Uint8Array } | null {
  const match = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/=\s]*)$/.exec(value);
  if (!match?.[1] || match[2] === undefined) return null;
  try {
    const binary = atob(match[2].replace(/\s/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return { type: match[1].toLowerCase(), bytes };
  } catch {
    return null;
  }
}

/** The image type the bytes are (by their magic numbers), or null. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  )
    return 'image/webp';
  return null;
}

/** A new secret: the prefix names what it is. */
function newSecret(prefix: 'vlk' | 'whsec'): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return `${prefix}_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function toApiKey(row: ApiKeyRecord): ApiKey {
  const { secretHash: _hash, tenantId: _tenant, userId: _user, ...rest } = row;
  return toApi<ApiKey>(rest);
}

function keyOr404(ctx: AuthContext, db: WorldDb, id: string): ApiKeyRecord {
  const key = db.tables.apiKeys.get(id);
  if (!key || key.tenantId !== tenantOf(ctx)) throw notFound('API key');
  return key;
}

/** A REST API key never manages keys or settings: those need a signed-in person. */
function requirePerson(ctx: AuthContext): void {
  if (ctx.apiKeyId) throw forbidden();
}

/** Company settings (`s`): logo (`s.logo`), delivery methods (`rule.dm`) and REST API keys (`s.api`); audit Settings. */
export function createSettingsHandlers(http: ApiHttp) {
  return [
    http.get('/settings', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 's');
      return response(200).json(toApiSettings(settingsOf(db, tenantOf(ctx))));
    }),

    http.put('/settings/logo', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 's.logo', ACTION.UPDATE);
      requirePerson(ctx);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const fileName = typeof body.fileName === 'string' ? body.fileName.trim().slice(0, 120) : '';
      const decoded = typeof body.dataUrl === 'string' ? decodeDataUrl(body.dataUrl) : null;
      if (!decoded) errors.add('logo', 'Choose a PNG, JPEG or WebP image.');
      else if (
        !(LOGO_TYPES as readonly string[]).includes(decoded.type) ||
        sniffImageType(decoded.bytes) !== decoded.type
      )
        errors.add('logo', 'This file is not a PNG, JPEG or WebP image.');
      else if (decoded.bytes.length > LOGO_MAX_BYTES) errors.add('logo', 'The image is larger than 512 KB.');
      else if (decoded.bytes.length === 0) errors.add('logo', 'The file is empty.');
      errors.throwIfAny();
      const now = Date.now();
      const tenant = tenantOf(ctx);
      const { type, bytes } = decoded as { type: string; bytes: Uint8Array };
      const saved = saveSettings(db, {
        ...settingsOf(db, tenant),
        logo: {
          dataUrl: body.dataUrl as string,
          type,
          size: bytes.length,
          fileName: fileName || 'logo',
          updatedAt: now,
        },
        updatedAt: now,
      });
      await recordAudit(db, ctx, 'Settings', tenant, 'Update', `Uploaded the company logo ${fileName || ''}`.trim());
      await db.persist();
      return response(200).json(toApiSettings(saved));
    }),

    http.delete('/settings/logo', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 's.logo', ACTION.DELETE);
      requirePerson(ctx);
      const tenant = tenantOf(ctx);
      saveSettings(db, { ...settingsOf(db, tenant), logo: null, updatedAt: Date.now() });
      await recordAudit(db, ctx, 'Settings', tenant, 'Delete', 'Removed the company logo');
      await db.persist();
      return response(204).empty();
    }),

    http.patch('/settings/delivery', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'rule.dm', ACTION.UPDATE);
      requirePerson(ctx);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const changes: Partial<CompanySettingsRecord> = {};
      if (body.smtpSender !== undefined) {
        const v = typeof body.smtpSender === 'string' ? body.smtpSender.trim() : body.smtpSender;
        if (v === null || v === '') changes.smtpSender = null;
        else if (typeof v !== 'string' || !EMAIL.test(v) || v.length > 120)
          errors.add('smtpSender', 'Enter the e-mail address the rules send from, e.g. alerts@example.com.');
        else changes.smtpSender = v.toLowerCase();
      }
      if (body.smsSenderId !== undefined) {
        const v = typeof body.smsSenderId === 'string' ? body.smsSenderId.trim() : body.smsSenderId;
        if (v === null || v === '') changes.smsSenderId = null;
        else if (typeof v !== 'string' || !SMS_SENDER.test(v))
          errors.add('smsSenderId', 'Use 3 to 11 letters or digits, no spaces.');
        else changes.smsSenderId = v.toUpperCase();
      }
      errors.throwIfAny();
      const tenant = tenantOf(ctx);
      const saved = saveSettings(db, { ...settingsOf(db, tenant), ...changes, updatedAt: Date.now() });
      await recordAudit(db, ctx, 'Settings', tenant, 'Update', 'Updated the delivery methods');
      await db.persist();
      return response(200).json(toApiSettings(saved));
    }),

    http.post('/settings/delivery/webhook-secret', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'rule.dm', ACTION.CONFIGURE);
      requirePerson(ctx);
      const tenant = tenantOf(ctx);
      const secret = newSecret('whsec');
      saveSettings(db, { ...settingsOf(db, tenant), webhookSecret: secret, updatedAt: Date.now() });
      await recordAudit(db, ctx, 'Settings', tenant, 'Update', 'Made a new web-hook signing secret');
      await db.persist();
      return response(200).json({ secret });
    }),

    http.get('/api-keys', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 's.api');
      const tenant = tenantOf(ctx);
      const keys = db.tables.apiKeys
        .all()
        .filter((k) => k.tenantId === tenant)
        .sort((a, b) => b.createdAt - a.createdAt);
      return response(200).json(keys.map(toApiKey));
    }),

    http.post('/api-keys', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 's.api', ACTION.ADD);
      requirePerson(ctx);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name) errors.add('name', 'Enter a name that says what uses the key.');
      else if (name.length > 60) errors.add('name', 'Use at most 60 characters.');
      if (body.scope !== 'read' && body.scope !== 'write') errors.add('scope', 'Choose Read only or Read and write.');
      errors.throwIfAny();
      const tenant = tenantOf(ctx);
      const taken = db.tables.apiKeys
        .all()
        .some((k) => k.tenantId === tenant && k.revokedAt === null && k.name.toLowerCase() === name.toLowerCase());
      if (taken) throw conflict('A live key has this name.', { name: 'A live key already has this name.' });
      const secret = newSecret('vlk');
      const now = Date.now();
      const row = db.tables.apiKeys.insert({
        id: `apk-${crypto.randomUUID()}`,
        tenantId: tenant,
        name,
        scope: body.scope as ApiKeyRecord['scope'],
        prefix: secret.slice(0, 10),
        secretHash: sha256Hex(secret),
        userId: ctx.user.id,
        createdAt: now,
        createdBy: ctx.user.name,
        lastUsedAt: null,
        resetAt: null,
        revokedAt: null,
      });
      await recordAudit(db, ctx, 'Settings', row.id, 'Add', `Created the API key ${name} (${row.scope})`);
      await db.persist();
      return response(201).json({ ...toApiKey(row), secret });
    }),

    http.post('/api-keys/{id}/reset', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 's.api', ACTION.RESET);
      requirePerson(ctx);
      const key = keyOr404(ctx, db, params.id);
      if (key.revokedAt !== null) throw conflict('A revoked key cannot be reset; create a new one.');
      const secret = newSecret('vlk');
      const now = Date.now();
      const row = db.tables.apiKeys.update(key.id, {
        prefix: secret.slice(0, 10),
        secretHash: sha256Hex(secret),
        resetAt: now,
        lastUsedAt: null,
      }) as ApiKeyRecord;
      await recordAudit(db, ctx, 'Settings', key.id, 'Update', `Reset the API key ${key.name}`);
      await db.persist();
      return response(200).json({ ...toApiKey(row), secret });
    }),

    http.post('/api-keys/{id}/revoke', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 's.api', ACTION.DELETE);
      requirePerson(ctx);
      const key = keyOr404(ctx, db, params.id);
      if (key.revokedAt !== null) throw conflict('This key was already revoked.');
      const row = db.tables.apiKeys.update(key.id, { revokedAt: Date.now() }) as ApiKeyRecord;
      await recordAudit(db, ctx, 'Settings', key.id, 'Delete', `Revoked the API key ${key.name}`);
      await db.persist();
      return response(200).json(toApiKey(row));
    }),
  ];
}
