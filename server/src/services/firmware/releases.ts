import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { DEVICE_TYPES, type DeviceType } from '../devices/device-types';
import type { Schemas } from '../lib/api-types';
import { FieldErrors, notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { RELEASE_LIST } from './firmware-list-spec';
import { firmwareInScope, firmwareScopeOf } from './firmware-scope';
import type { FirmwareDeps, FirmwareStore } from './firmware-store';
import { FIRMWARE_EXTENSIONS, FIRMWARE_MAX_BYTES, type FirmwareRelease, RELEASE_AUDIT_ENTITY } from './firmware-types';
import { readVersion } from './release-fields';
import { compareVersions } from './rollout-engine';

/** GET /firmware-releases: one page of the releases in the caller's firmware scope; needs `FOTA`. */
export async function listFirmwareReleases(
  deps: FirmwareDeps,
  caller: Caller,
  input: ListParams,
): Promise<Schemas['FirmwareReleasePage']> {
  requirePermission(caller, 'FOTA');
  const query = parseListQuery(input, RELEASE_LIST);
  const { items, total } = await deps.firmware.listReleases(firmwareScopeOf(caller), query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** The release, or the contract's 404 when there is none or it is outside the caller's firmware scope. */
export async function releaseOr404(store: FirmwareStore, caller: Caller, id: string): Promise<FirmwareRelease> {
  const release = await store.getRelease(id);
  if (!release || !firmwareInScope(firmwareScopeOf(caller), release)) throw notFound('Firmware release');
  return release;
}

/** GET /firmware-releases/{id}. */
export async function getFirmwareRelease(
  deps: FirmwareDeps,
  caller: Caller,
  input: { id: string },
): Promise<FirmwareRelease> {
  requirePermission(caller, 'FOTA');
  return releaseOr404(deps.firmware, caller, input.id);
}

/** The newest release of one device kind and model (loggers: of one OEM), which a new one replaces. */
async function newestRelease(store: FirmwareStore, deviceType: DeviceType, modelId: string | null, oemId: string) {
  let newest: { id: string; version: string } | undefined;
  for (const r of await store.releasesOf(deviceType, modelId, oemId)) {
    if (!newest || compareVersions(r.version, newest.version) > 0) newest = r;
  }
  return newest;
}

/**
 * POST /firmware-releases (decision 0074): registers an image by its name, size and SHA-256. Needs `FOTA` with Add;
 * the device kind and model (loggers: OEM) must be in the caller's firmware scope, the version semver and newer than
 * the release it replaces. Throws 400 with every field error, writing nothing.
 */
export async function createFirmwareRelease(
  deps: FirmwareDeps,
  caller: Caller,
  input: Partial<Record<keyof Schemas['FirmwareReleaseInput'], unknown>>,
): Promise<FirmwareRelease> {
  requirePermission(caller, 'FOTA', ACTION.ADD);
  const store = deps.firmware;
  const scope = firmwareScopeOf(caller);
  const errors = new FieldErrors();
  const deviceType = DEVICE_TYPES.includes(input.deviceType as DeviceType) ? (input.deviceType as DeviceType) : null;
  if (!deviceType) errors.add('deviceType', 'Choose the device kind: BMS, MCU, VCU or logger.');
  let modelId: string | null = null;
  let modelName: string | null = null;
  let oemId = '';
  if (deviceType && deviceType !== 'LOGGER') {
    const model = typeof input.modelId === 'string' ? await store.model(input.modelId) : undefined;
    if (!model || model.kind !== deviceType || !firmwareInScope(scope, { oemId: model.oemId, deviceType }))
      errors.add('modelId', `Choose a ${deviceType} model.`);
    else {
      modelId = model.id;
      modelName = model.name;
      oemId = model.oemId;
    }
  } else if (deviceType === 'LOGGER') {
    oemId = caller.roleType === 'oem' ? (caller.user.oemId ?? '') : typeof input.oemId === 'string' ? input.oemId : '';
    if (!oemId || !(await store.oemExists(oemId)) || !firmwareInScope(scope, { oemId, deviceType }))
      errors.add('oemId', 'Choose the OEM whose loggers take it.');
  }
  const version = readVersion(errors, 'version', input.version, true);
  const previous = deviceType && oemId ? await newestRelease(store, deviceType, modelId, oemId) : undefined;
  if (version && previous && compareVersions(version, previous.version) <= 0) {
    errors.add('version', `Must be newer than ${previous.version}, the release it replaces.`);
  }
  const fileName = typeof input.fileName === 'string' ? input.fileName.trim() : '';
  if (!fileName) errors.add('file', 'Choose the firmware image file.');
  else if (!FIRMWARE_EXTENSIONS.some((ext) => fileName.toLowerCase().endsWith(ext)))
    errors.add('file', `Use a firmware image: ${FIRMWARE_EXTENSIONS.join(', ')}.`);
  const fileSize = typeof input.fileSize === 'number' && Number.isInteger(input.fileSize) ? input.fileSize : -1;
  if (fileName && (fileSize < 1 || fileSize > FIRMWARE_MAX_BYTES))
    errors.add('file', fileSize === 0 ? 'The file is empty.' : 'The file must be at most 64 MiB.');
  const sha256 = typeof input.sha256 === 'string' ? input.sha256.toLowerCase() : '';
  if (!/^[0-9a-f]{64}$/.test(sha256)) errors.add('sha256', 'Send the SHA-256 of the file as 64 hex digits.');
  if (input.notes !== undefined && typeof input.notes !== 'string') errors.add('notes', 'Release notes are text.');
  const notes = typeof input.notes === 'string' ? input.notes.trim() : '';
  if (notes.length > 4000) errors.add('notes', 'Release notes must be at most 4000 characters.');
  const rawHardware = input.compatibleHardware ?? [];
  if (!Array.isArray(rawHardware) || rawHardware.some((h) => typeof h !== 'string'))
    errors.add('compatibleHardware', 'A list of hardware revisions.');
  const compatibleHardware = Array.isArray(rawHardware)
    ? [
        ...new Set(
          rawHardware
            .filter((h): h is string => typeof h === 'string')
            .map((h) => h.trim())
            .filter(Boolean),
        ),
      ]
    : [];
  if (compatibleHardware.some((h) => h.length > 40))
    errors.add('compatibleHardware', 'Each revision at most 40 characters.');
  const currentVersionMin = readVersion(errors, 'currentVersionMin', input.currentVersionMin, false);
  const currentVersionMax = readVersion(errors, 'currentVersionMax', input.currentVersionMax, false);
  if (currentVersionMin && currentVersionMax && compareVersions(currentVersionMin, currentVersionMax) > 0)
    errors.add('currentVersionMax', 'Must not be older than the lowest version.');
  if (version && currentVersionMin && compareVersions(currentVersionMin, version) >= 0)
    errors.add('currentVersionMin', 'Must be older than the release itself.');
  errors.throwIfAny();
  if (!deviceType || !version) throw new Error('unreachable: fields were checked');
  const now = deps.now();
  const release: FirmwareRelease = {
    id: `fw-${crypto.randomUUID()}`,
    deviceType,
    modelId,
    modelName,
    oemId,
    version,
    replacesReleaseId: previous?.id ?? null,
    replacesVersion: previous?.version ?? null,
    fileName,
    fileSize,
    sha256,
    notes,
    compatibleHardware,
    currentVersionMin,
    currentVersionMax,
    createdBy: caller.user.name,
    createdAt: now.toISOString(),
  };
  return deps.transact(async (tx) => {
    await tx.firmware.insertRelease(release);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: RELEASE_AUDIT_ENTITY[deviceType],
        entityId: release.id,
        action: 'Add',
        summary: `Uploaded ${deviceType} firmware ${version} (${fileName})`,
        changes: diffFields(null, release),
      },
      now,
    );
    return (await tx.firmware.getRelease(release.id)) as FirmwareRelease;
  });
}
