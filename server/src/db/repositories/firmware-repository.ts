import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { DeviceScope } from '../../services/devices/device-scope';
import type { DeviceType } from '../../services/devices/device-types';
import { validationFailed } from '../../services/lib/app-error';
import type { ListQuery } from '../../services/lib/list-query';
import type { OtaFilterField, OtaSortField } from '../../services/firmware/firmware-list-spec';
import type { FirmwareScope } from '../../services/firmware/firmware-scope';
import type { RolloutRunStore } from '../../services/firmware/firmware-store';
import type { FirmwareRelease, OtaUpdateRecord, RolloutRecord } from '../../services/firmware/firmware-types';
import { type RolloutPolicy, vehicleConditionOf, type VehicleCondition } from '../../services/firmware/rollout-engine';
import type { Db } from '../database';
import { cancelJob, scheduleJob } from '../job-queue';
import type { Database, FirmwareReleaseTable, FirmwareRolloutTable, OtaUpdateTable } from '../schema';
import { writeUnique } from './unique-violation';
import { vehicleIdInScope } from './vehicle-scope-sql';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const ms = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();
const msOrNull = (value: Date | string | null) => (value === null ? null : ms(value));
const dateOrNull = (value: number | null) => (value === null ? null : new Date(value));
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** A firmware scope as a WHERE over a table with `oem_id` and `device_type` (scoped: nothing without its id). */
function scopeCondition(
  eb: ExpressionBuilder<Database, 'firmware_releases' | 'firmware_rollouts'>,
  table: 'firmware_releases' | 'firmware_rollouts',
  scope: FirmwareScope,
): Expression<SqlBool> {
  const any = eb as unknown as ExpressionBuilder<Database, 'firmware_releases'>;
  const t = table as 'firmware_releases';
  if (scope === null) return sql<SqlBool>`true`;
  if ('oemId' in scope) return any(`${t}.oem_id`, '=', scope.oemId);
  if (scope.kinds.length === 0) return sql<SqlBool>`false`;
  return any(`${t}.device_type`, 'in', [...scope.kinds]);
}

/** A semantic version as a sortable array of its three numbers (a pre-release after its numbers). */
const versionKey = sql`string_to_array(split_part(firmware_releases.version, '-', 1), '.')::int[]`;

function toRelease(row: Selectable<FirmwareReleaseTable> & { model_name: string | null }): FirmwareRelease {
  return {
    id: row.id,
    deviceType: row.device_type as DeviceType,
    modelId: row.model_id,
    modelName: row.model_name,
    oemId: row.oem_id,
    version: row.version,
    replacesReleaseId: row.replaces_release_id,
    replacesVersion: row.replaces_version,
    fileName: row.file_name,
    fileSize: row.file_size,
    sha256: row.sha256,
    notes: row.notes,
    compatibleHardware: json<string[]>(row.compatible_hardware),
    currentVersionMin: row.current_version_min,
    currentVersionMax: row.current_version_max,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
  };
}

/** The columns of a release (the seed writes them too). */
export function releaseColumns(r: Omit<FirmwareRelease, 'modelName'>): Insertable<FirmwareReleaseTable> {
  return {
    id: r.id,
    device_type: r.deviceType,
    model_id: r.modelId,
    oem_id: r.oemId,
    version: r.version,
    replaces_release_id: r.replacesReleaseId,
    replaces_version: r.replacesVersion,
    file_name: r.fileName,
    file_size: r.fileSize,
    sha256: r.sha256,
    notes: r.notes,
    compatible_hardware: JSON.stringify(r.compatibleHardware),
    current_version_min: r.currentVersionMin,
    current_version_max: r.currentVersionMax,
    created_by: r.createdBy,
    created_at: r.createdAt,
  };
}

function toRollout(row: Selectable<FirmwareRolloutTable>): RolloutRecord {
  return {
    id: row.id,
    releaseId: row.release_id,
    version: row.version,
    deviceType: row.device_type as DeviceType,
    modelId: row.model_id,
    oemId: row.oem_id,
    targetKind: row.target_kind as RolloutRecord['targetKind'],
    targetLabel: row.target_label,
    deviceCount: row.device_count,
    rollbackOf: row.rollback_of,
    status: row.status as RolloutRecord['status'],
    pauseReason: row.pause_reason,
    policy: json<RolloutPolicy>(row.policy as RolloutPolicy | string),
    waveCount: row.wave_count,
    currentWave: row.current_wave,
    waveStartedAt: ms(row.wave_started_at),
    nextWaveAt: msOrNull(row.next_wave_at),
    thresholdResumedWave: row.threshold_resumed_wave,
    startedAt: ms(row.started_at),
    finishedAt: msOrNull(row.finished_at),
    advancedAt: ms(row.advanced_at),
    createdBy: row.created_by,
    createdAt: ms(row.created_at),
    updatedAt: ms(row.updated_at),
  };
}

/** The columns of a rollout (the seed writes them too). */
export function rolloutColumns(r: RolloutRecord): Insertable<FirmwareRolloutTable> {
  return {
    id: r.id,
    release_id: r.releaseId,
    version: r.version,
    device_type: r.deviceType,
    model_id: r.modelId,
    oem_id: r.oemId,
    target_kind: r.targetKind,
    target_label: r.targetLabel,
    device_count: r.deviceCount,
    rollback_of: r.rollbackOf,
    status: r.status,
    pause_reason: r.pauseReason,
    policy: JSON.stringify(r.policy),
    wave_count: r.waveCount,
    current_wave: r.currentWave,
    wave_started_at: new Date(r.waveStartedAt),
    next_wave_at: dateOrNull(r.nextWaveAt),
    threshold_resumed_wave: r.thresholdResumedWave,
    started_at: new Date(r.startedAt),
    finished_at: dateOrNull(r.finishedAt),
    advanced_at: new Date(r.advancedAt),
    created_by: r.createdBy,
    created_at: new Date(r.createdAt),
    updated_at: new Date(r.updatedAt),
  };
}

function toUpdate(row: Selectable<OtaUpdateTable>): OtaUpdateRecord {
  return {
    id: row.id,
    rolloutId: row.rollout_id,
    releaseId: row.release_id,
    deviceId: row.device_id,
    deviceSerial: row.device_serial,
    deviceType: row.device_type as DeviceType,
    modelId: row.model_id,
    oemId: row.oem_id,
    vehicleId: row.vehicle_id,
    fromVersion: row.from_version,
    toVersion: row.to_version,
    wave: row.wave,
    phase: row.phase as OtaUpdateRecord['phase'],
    status: row.status as OtaUpdateRecord['status'],
    attempt: row.attempt,
    progress: row.progress,
    waitingReason: row.waiting_reason,
    failureReason: row.failure_reason,
    sentAt: msOrNull(row.sent_at),
    startedAt: msOrNull(row.started_at),
    finishedAt: msOrNull(row.finished_at),
    lastReportAt: msOrNull(row.last_report_at),
    createdAt: ms(row.created_at),
  };
}

/** The columns of a device update (the seed writes them too). */
export function otaUpdateColumns(u: OtaUpdateRecord): Insertable<OtaUpdateTable> {
  return {
    id: u.id,
    rollout_id: u.rolloutId,
    release_id: u.releaseId,
    device_id: u.deviceId,
    device_serial: u.deviceSerial,
    device_type: u.deviceType,
    model_id: u.modelId,
    oem_id: u.oemId,
    vehicle_id: u.vehicleId,
    from_version: u.fromVersion,
    to_version: u.toVersion,
    wave: u.wave,
    phase: u.phase,
    status: u.status,
    attempt: u.attempt,
    progress: u.progress,
    waiting_reason: u.waitingReason,
    failure_reason: u.failureReason,
    sent_at: dateOrNull(u.sentAt),
    started_at: dateOrNull(u.startedAt),
    finished_at: dateOrNull(u.finishedAt),
    last_report_at: dateOrNull(u.lastReportAt),
    created_at: new Date(u.createdAt),
  };
}

const OTA_COLUMN = {
  sentAt: 'sent_at',
  finishedAt: 'finished_at',
  status: 'status',
  deviceSerial: 'device_serial',
  wave: 'wave',
  deviceType: 'device_type',
  phase: 'phase',
  deviceId: 'device_id',
  vehicleId: 'vehicle_id',
  rolloutId: 'rollout_id',
} as const satisfies Record<OtaSortField | OtaFilterField, keyof OtaUpdateTable>;

type OtaEb = ExpressionBuilder<Database, 'ota_updates'>;

/** The devices in a device scope, as a subquery of their ids. */
function devicesInScope(eb: OtaEb, scope: DeviceScope) {
  const devices = eb.selectFrom('devices').select('devices.id');
  if (scope === null) return devices;
  if ('oemId' in scope) return devices.where('devices.oem_id', '=', scope.oemId);
  return devices.where(
    (d) =>
      vehicleIdInScope(d as unknown as ExpressionBuilder<Database, 'devices'>, 'devices', scope.vehicles) ??
      sql<SqlBool>`true`,
  );
}

function otaConditions(
  eb: OtaEb,
  where: { rolloutId: string } | { devices: DeviceScope },
  query: ListQuery<OtaSortField, OtaFilterField>,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if ('rolloutId' in where) all.push(eb('ota_updates.rollout_id', '=', where.rolloutId));
  else {
    all.push(eb('ota_updates.sent_at', 'is not', null));
    all.push(eb('ota_updates.device_id', 'in', devicesInScope(eb, where.devices)));
  }
  for (const filter of query.filters) {
    all.push(eb(`ota_updates.${OTA_COLUMN[filter.field]}`, 'in', filter.values as never[]));
  }
  if (query.q !== undefined) {
    const pattern = like(query.q);
    all.push(
      eb.or([
        eb('ota_updates.device_serial', 'ilike', pattern),
        eb('ota_updates.from_version', 'ilike', pattern),
        eb('ota_updates.to_version', 'ilike', pattern),
      ]),
    );
  }
  if (query.from) all.push(eb('ota_updates.sent_at', '>=', query.from));
  if (query.to) all.push(eb('ota_updates.sent_at', '<=', query.to));
  return eb.and(all);
}

/** What a rollout reads of a device: the device's columns and its vehicle's model. */
function deviceQuery(db: Db) {
  return db
    .selectFrom('devices')
    .leftJoin('vehicles', 'vehicles.id', 'devices.vehicle_id')
    .select([
      'devices.id',
      'devices.type',
      'devices.serial_number',
      'devices.model_id',
      'devices.oem_id',
      'devices.vehicle_id',
      'devices.firmware_version',
      'vehicles.model_id as vehicle_model_id',
    ]);
}
type DeviceRow = Awaited<ReturnType<ReturnType<typeof deviceQuery>['execute']>>[number];
const toDevice = (d: DeviceRow) => ({
  id: d.id,
  type: d.type as DeviceType,
  serialNumber: d.serial_number,
  modelId: d.model_id,
  oemId: d.oem_id,
  vehicleId: d.vehicle_id,
  vehicleModelId: d.vehicle_model_id,
  firmwareVersion: d.firmware_version,
});

/** The job that advances a rollout (decision 0127). */
export const ROLLOUT_JOB = 'firmware-rollout';
export const rolloutJobKey = (rolloutId: string) => `${ROLLOUT_JOB}:${rolloutId}`;

/** An open rollout (`isOpen` of the rollout engine): not completed, and not a cancel that has finished. */
const openRollout = (eb: ExpressionBuilder<Database, 'firmware_rollouts'>) =>
  eb.and([
    eb('firmware_rollouts.status', '!=', 'completed'),
    eb.not(
      eb.and([eb('firmware_rollouts.status', '=', 'cancelled'), eb('firmware_rollouts.finished_at', 'is not', null)]),
    ),
  ]);

/**
 * Gives every open rollout without a job one, due now (decision 0127): what the server does at start, for the
 * rollouts a seed (or a migration, or a write outside the services) left without one. A rollout that has a job keeps
 * it as it is; run again, it changes nothing. Answers how many it enqueued.
 */
export async function enqueueOpenRollouts(db: Db, now: Date): Promise<number> {
  const result = await sql`
    INSERT INTO jobs (key, kind, payload, run_at)
    SELECT ${sql.lit(`${ROLLOUT_JOB}:`)} || id, ${sql.lit(ROLLOUT_JOB)}, jsonb_build_object('rolloutId', id),
      ${now.toISOString()}::timestamptz
    FROM firmware_rollouts
    WHERE status <> 'completed' AND NOT (status = 'cancelled' AND finished_at IS NOT NULL)
    ON CONFLICT (key) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Firmware releases, rollouts and device updates in PostgreSQL (or PGlite): lists filter, sort and page in SQL. */
export function createFirmwareRepository(db: Db): RolloutRunStore {
  const releases = () =>
    db
      .selectFrom('firmware_releases')
      .leftJoin('models', 'models.id', 'firmware_releases.model_id')
      .selectAll('firmware_releases')
      .select('models.name as model_name');
  return {
    async listReleases(scope, query) {
      const where = (eb: ExpressionBuilder<Database, 'firmware_releases'>) => {
        const all: Expression<SqlBool>[] = [scopeCondition(eb, 'firmware_releases', scope)];
        for (const f of query.filters) {
          const column = f.field === 'deviceType' ? 'device_type' : 'model_id';
          all.push(eb(`firmware_releases.${column}`, 'in', f.values as string[]));
        }
        if (query.q !== undefined) {
          const pattern = like(query.q);
          all.push(
            eb.or([
              eb('firmware_releases.version', 'ilike', pattern),
              eb('firmware_releases.file_name', 'ilike', pattern),
              eb('firmware_releases.notes', 'ilike', pattern),
            ]),
          );
        }
        return eb.and(all);
      };
      let page = releases().where(where);
      for (const key of query.sort) {
        if (key.field === 'version') page = page.orderBy(versionKey, key.direction);
        else
          page = page.orderBy(
            `firmware_releases.${key.field === 'createdAt' ? 'created_at' : 'device_type'}`,
            key.direction,
          );
      }
      const [rows, count] = await Promise.all([
        page
          .orderBy('firmware_releases.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db
          .selectFrom('firmware_releases')
          .where(where)
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRelease), total: count.total };
    },

    async getRelease(id) {
      const row = await releases().where('firmware_releases.id', '=', id).executeTakeFirst();
      return row ? toRelease(row) : undefined;
    },

    async releasesOf(deviceType, modelId, oemId) {
      let query = db
        .selectFrom('firmware_releases')
        .select(['id', 'version'])
        .where('device_type', '=', deviceType)
        .where('oem_id', '=', oemId);
      query = modelId === null ? query.where('model_id', 'is', null) : query.where('model_id', '=', modelId);
      return query.execute();
    },

    async model(id) {
      return db
        .selectFrom('models')
        .select(['id', 'kind', 'oem_id as oemId', 'name'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async oemExists(id) {
      return (await db.selectFrom('oems').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async insertRelease(release) {
      await writeUnique(
        () => db.insertInto('firmware_releases').values(releaseColumns(release)).execute(),
        () => validationFailed({ version: `Version ${release.version} exists already.` }),
      );
    },

    async listRollouts(scope, query) {
      const where = (eb: ExpressionBuilder<Database, 'firmware_rollouts'>) => {
        const all: Expression<SqlBool>[] = [
          scopeCondition(eb as unknown as ExpressionBuilder<Database, 'firmware_releases'>, 'firmware_rollouts', scope),
        ];
        for (const f of query.filters) {
          const column = f.field === 'status' ? 'status' : 'release_id';
          all.push(eb(`firmware_rollouts.${column}`, 'in', f.values as string[]));
        }
        if (query.q !== undefined) {
          const pattern = like(query.q);
          all.push(
            eb.or([
              eb('firmware_rollouts.version', 'ilike', pattern),
              eb('firmware_rollouts.target_label', 'ilike', pattern),
            ]),
          );
        }
        return eb.and(all);
      };
      let page = db.selectFrom('firmware_rollouts').selectAll().where(where);
      for (const key of query.sort) {
        page = page.orderBy(`firmware_rollouts.${key.field === 'createdAt' ? 'created_at' : 'status'}`, key.direction);
      }
      const [rows, count] = await Promise.all([
        page
          .orderBy('firmware_rollouts.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db
          .selectFrom('firmware_rollouts')
          .where(where)
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRollout), total: count.total };
    },

    async getRollout(id) {
      const row = await db.selectFrom('firmware_rollouts').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRollout(row) : undefined;
    },

    async updatesOf(rolloutId) {
      const rows = await db
        .selectFrom('ota_updates')
        .selectAll()
        .where('rollout_id', '=', rolloutId)
        .orderBy('wave')
        .orderBy('id')
        .execute();
      return rows.map(toUpdate);
    },

    async listUpdates(where, query) {
      const condition = (eb: OtaEb) => otaConditions(eb, where, query);
      let page = db.selectFrom('ota_updates').selectAll().where(condition);
      for (const key of query.sort) {
        const column = `ota_updates.${OTA_COLUMN[key.field]}` as const;
        page = page.orderBy(column, (ob) => (key.direction === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast()));
      }
      const [rows, count] = await Promise.all([
        page
          .orderBy('ota_updates.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db
          .selectFrom('ota_updates')
          .where(condition)
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toUpdate), total: count.total };
    },

    async insertRollout(rollout, updates) {
      await db.insertInto('firmware_rollouts').values(rolloutColumns(rollout)).execute();
      for (let i = 0; i < updates.length; i += 500) {
        await db
          .insertInto('ota_updates')
          .values(updates.slice(i, i + 500).map(otaUpdateColumns))
          .execute();
      }
    },

    async saveRollout(rollout, from) {
      const { id: _id, ...columns } = rolloutColumns(rollout);
      const result = await db
        .updateTable('firmware_rollouts')
        .set(columns as Updateable<FirmwareRolloutTable>)
        .where('id', '=', rollout.id)
        .where('status', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async saveUpdates(updates) {
      for (const u of updates) {
        const { id: _id, ...columns } = otaUpdateColumns(u);
        await db
          .updateTable('ota_updates')
          .set(columns as Updateable<OtaUpdateTable>)
          .where('id', '=', u.id)
          .execute();
      }
    },

    async lockRollout(id) {
      const row = await db
        .selectFrom('firmware_rollouts')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row ? toRollout(row) : undefined;
    },

    async scheduleAdvance(rolloutId, at, mode) {
      if (at === null) return cancelJob(db, rolloutJobKey(rolloutId));
      await scheduleJob(
        db,
        { key: rolloutJobKey(rolloutId), kind: ROLLOUT_JOB, payload: { rolloutId }, runAt: new Date(at) },
        mode,
      );
    },

    async vehicleConditions(vehicleIds) {
      const conditions = new Map<string, VehicleCondition>();
      for (let i = 0; i < vehicleIds.length; i += 1000) {
        const rows = await db
          .selectFrom('vehicles')
          .select(['id', 'soc', 'state_code', 'is_live'])
          .where('id', 'in', vehicleIds.slice(i, i + 1000))
          .execute();
        for (const v of rows)
          conditions.set(v.id, vehicleConditionOf({ soc: v.soc, stateCode: v.state_code ?? 0, isLive: v.is_live }));
      }
      return conditions;
    },

    async rolloutsInFlight() {
      const rows = await db
        .selectFrom('firmware_rollouts')
        .select('firmware_rollouts.id')
        .where(openRollout)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('ota_updates')
              .select('ota_updates.id')
              .whereRef('ota_updates.rollout_id', '=', 'firmware_rollouts.id')
              .where('ota_updates.phase', 'in', ['sent', 'installing']),
          ),
        )
        .orderBy('firmware_rollouts.id')
        .execute();
      return rows.map((r) => r.id);
    },

    async openUpdateOf(deviceId) {
      const row = await db
        .selectFrom('ota_updates')
        .selectAll()
        .where('device_id', '=', deviceId)
        .where('phase', 'in', ['sent', 'installing'])
        .orderBy('sent_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toUpdate(row) : undefined;
    },

    async setFirmwareVersion(deviceId, version) {
      await db.updateTable('devices').set({ firmware_version: version }).where('id', '=', deviceId).execute();
    },

    async candidates(release, scope) {
      let query = deviceQuery(db)
        .where('devices.type', '=', release.deviceType)
        .where('devices.vehicle_id', 'is not', null)
        .where('devices.id', 'not in', (eb) =>
          eb
            .selectFrom('ota_updates')
            .innerJoin('firmware_rollouts', 'firmware_rollouts.id', 'ota_updates.rollout_id')
            .select('ota_updates.device_id')
            .where('firmware_rollouts.status', 'in', ['running', 'paused'])
            .where('ota_updates.phase', 'not in', ['completed', 'failed', 'skipped']),
        );
      query =
        release.modelId !== null
          ? query.where('devices.model_id', '=', release.modelId)
          : query.where('devices.oem_id', '=', release.oemId);
      if (scope !== null && 'oemId' in scope) query = query.where('devices.oem_id', '=', scope.oemId);
      else if (scope !== null) {
        query = query.where(
          (eb) =>
            vehicleIdInScope(eb as unknown as ExpressionBuilder<Database, 'devices'>, 'devices', scope.vehicles) ??
            sql<SqlBool>`true`,
        );
      }
      return (await query.orderBy('devices.id').execute()).map(toDevice);
    },

    async devices(type, ids) {
      if (ids.length === 0) return [];
      const rows = await deviceQuery(db)
        .where('devices.type', '=', type)
        .where('devices.id', 'in', [...ids])
        .orderBy('devices.id')
        .execute();
      return rows.map(toDevice);
    },

    async deviceKind(id) {
      const row = await db.selectFrom('devices').select('type').where('id', '=', id).executeTakeFirst();
      return row?.type as DeviceType | undefined;
    },
  };
}
