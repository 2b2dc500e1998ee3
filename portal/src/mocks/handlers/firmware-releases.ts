import { ACTION } from '@/domain/permissions';
import type { components } from '@/domain/api-schema';
import type { WorldDb } from '../world/db';
import type { FirmwareReleaseRecord } from '../world/firmware';
import { compareVersions } from '../world/firmware-rollout';
import type { DeviceType } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { recordAudit } from './lib/audit-log';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors, readJsonObject } from './lib/body';
import { notFound } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { firmwareFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';
import { readVersion } from './lib/firmware';

type Schemas = components['schemas'];
type ApiRelease = Schemas['FirmwareRelease'];

const DEVICE_TYPES: readonly DeviceType[] = ['BMS', 'MCU', 'VCU', 'LOGGER'];
/** Firmware image files the portal accepts, and their size limit (decision 0074). */
export const FIRMWARE_EXTENSIONS = ['.bin', '.hex', '.img', '.fw', '.swu'] as const;
export const FIRMWARE_MAX_BYTES = 64 * 1024 * 1024;
const AUDIT_ENTITY: Record<DeviceType, string> = { BMS: 'BMS', MCU: 'MCU', VCU: 'VCU', LOGGER: 'Logger Device' };

export const RELEASE_LIST: ListSpec<FirmwareReleaseRecord> = {
  sortable: {
    createdAt: (r) => r.createdAt,
    version: (r) =>
      r.version
        .split('.')
        .map((n) => n.padStart(6, '0'))
        .join('.'),
    deviceType: (r) => r.deviceType,
  },
  filterable: { deviceType: (r) => r.deviceType, modelId: (r) => r.modelId },
  searchable: [(r) => r.version, (r) => r.fileName, (r) => r.notes],
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};

function releaseApi(db: WorldDb, r: FirmwareReleaseRecord): ApiRelease {
  return toApi<ApiRelease>({ ...r, modelName: r.modelId ? (db.tables.models.get(r.modelId)?.name ?? null) : null });
}

/** The newest release of one device type and model (loggers: of one OEM). */
function newestRelease(db: WorldDb, deviceType: DeviceType, modelId: string | null, oemId: string) {
  let newest: FirmwareReleaseRecord | undefined;
  for (const r of db.tables.firmwareReleases.values()) {
    if (r.deviceType !== deviceType || r.modelId !== modelId || r.oemId !== oemId) continue;
    if (!newest || compareVersions(r.version, newest.version) > 0) newest = r;
  }
  return newest;
}

function readRelease(ctx: AuthContext, db: WorldDb, body: Record<string, unknown>, by: string): FirmwareReleaseRecord {
  const errors = new FieldErrors();
  const sees = firmwareFilterFor(ctx);
  const deviceType = DEVICE_TYPES.includes(body.deviceType as DeviceType) ? (body.deviceType as DeviceType) : null;
  if (!deviceType) errors.add('deviceType', 'Choose the device kind: BMS, MCU, VCU or logger.');
  let modelId: string | null = null;
  let oemId = '';
  if (deviceType && deviceType !== 'LOGGER') {
    const model = typeof body.modelId === 'string' ? db.tables.models.get(body.modelId) : undefined;
    if (!model || model.kind !== deviceType || !sees({ oemId: model.oemId, deviceType }))
      errors.add('modelId', `Choose a ${deviceType} model.`);
    else {
      modelId = model.id;
      oemId = model.oemId;
    }
  } else if (deviceType === 'LOGGER') {
    oemId = ctx.roleType === 'oem' ? (ctx.user.oemId ?? '') : typeof body.oemId === 'string' ? body.oemId : '';
    if (!oemId || !db.tables.oems.get(oemId) || !sees({ oemId, deviceType }))
      errors.add('oemId', 'Choose the OEM whose loggers take it.');
  }
  const version = readVersion(errors, 'version', body.version, true);
  const previous = deviceType && oemId ? newestRelease(db, deviceType, modelId, oemId) : undefined;
  if (version && previous && compareVersions(version, previous.version) <= 0) {
    errors.add('version', `Must be newer than ${previous.version}, the release it replaces.`);
  }
  const fileName = typeof body.fileName === 'string' ? body.fileName.trim() : '';
  if (!fileName) errors.add('file', 'Choose the firmware image file.');
  else if (!FIRMWARE_EXTENSIONS.some((ext) => fileName.toLowerCase().endsWith(ext)))
    errors.add('file', `Use a firmware image: ${FIRMWARE_EXTENSIONS.join(', ')}.`);
  const fileSize = typeof body.fileSize === 'number' && Number.isInteger(body.fileSize) ? body.fileSize : -1;
  if (fileName && (fileSize < 1 || fileSize > FIRMWARE_MAX_BYTES))
    errors.add('file', fileSize === 0 ? 'The file is empty.' : 'The file must be at most 64 MiB.');
  const sha256 = typeof body.sha256 === 'string' ? body.sha256.toLowerCase() : '';
  if (!/^[0-9a-f]{64}$/.test(sha256)) errors.add('sha256', 'Send the SHA-256 of the file as 64 hex digits.');
  const notes = typeof body.notes === 'string' ? body.notes.trim() : '';
  if (notes.length > 4000) errors.add('notes', 'Release notes must be at most 4000 characters.');
  const rawHardware = Array.isArray(body.compatibleHardware) ? body.compatibleHardware : [];
  const compatibleHardware = [
    ...new Set(
      rawHardware
        .filter((h): h is string => typeof h === 'string')
        .map((h) => h.trim())
        .filter(Boolean),
    ),
  ];
  if (compatibleHardware.some((h) => h.length > 40))
    errors.add('compatibleHardware', 'Each revision at most 40 characters.');
  const currentVersionMin = readVersion(errors, 'currentVersionMin', body.currentVersionMin, false);
  const currentVersionMax = readVersion(errors, 'currentVersionMax', body.currentVersionMax, false);
  if (currentVersionMin && currentVersionMax && compareVersions(currentVersionMin, currentVersionMax) > 0)
    errors.add('currentVersionMax', 'Must not be older than the lowest version.');
  if (version && currentVersionMin && compareVersions(currentVersionMin, version) >= 0)
    errors.add('currentVersionMin', 'Must be older than the release itself.');
  errors.throwIfAny();
  return {
    id: `fw-${crypto.randomUUID()}`,
    deviceType: deviceType as DeviceType,
    modelId,
    oemId,
    version: version as string,
    replacesReleaseId: previous?.id ?? null,
    replacesVersion: previous?.version ?? null,
    fileName,
    fileSize,
    sha256,
    notes,
    compatibleHardware,
    currentVersionMin,
    currentVersionMax,
    createdBy: by,
    createdAt: Date.now(),
  };
}

/** Firmware releases (`FOTA`): list, create (newer than the release it replaces) and get; decision 0074. */
export function createFirmwareReleaseHandlers(http: ApiHttp) {
  const scopedRelease = (ctx: AuthContext, db: WorldDb, id: string) => {
    const release = db.tables.firmwareReleases.get(id);
    if (!release || !firmwareFilterFor(ctx)(release)) throw notFound('Firmware release');
    return release;
  };

  return [
    http.get('/firmware-releases', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'FOTA');
      const query = parseListQuery(new URL(request.url), RELEASE_LIST);
      const sees = firmwareFilterFor(ctx);
      const page = applyListQuery(db.tables.firmwareReleases.all().filter(sees), query, RELEASE_LIST);
      return response(200).json({ ...page, items: page.items.map((r) => releaseApi(db, r)) });
    }),

    http.post('/firmware-releases', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'FOTA', ACTION.ADD);
      const release = readRelease(ctx, db, await readJsonObject(request), ctx.user.name);
      db.tables.firmwareReleases.insert(release);
      await recordAudit(
        db,
        ctx,
        AUDIT_ENTITY[release.deviceType],
        release.id,
        'Add',
        `Uploaded ${release.deviceType} firmware ${release.version} (${release.fileName})`,
      );
      await db.persist();
      return response(201).json(releaseApi(db, release));
    }),

    http.get('/firmware-releases/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'FOTA');
      return response(200).json(releaseApi(db, scopedRelease(ctx, db, params.id)));
    }),
  ];
}
