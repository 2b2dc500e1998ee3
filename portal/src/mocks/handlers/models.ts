import { ACTION } from '@/domain/permissions';
import type { components } from '@/domain/api-schema';
import type { WorldDb } from '../world/db';
import type { ApiModel, Model } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { FieldErrors, readJsonObject, requiredString } from './lib/body';
import { conflict, notFound, validationFailed } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { toApi } from './lib/serialize';

type Schemas = components['schemas'];
const KINDS = ['EV', 'BMS', 'MCU', 'VCU'] as const;
const VEHICLE_TYPES = ['2 Wheeler', '3 Wheeler'] as const;

export const MODEL_LIST: ListSpec<Model> = {
  sortable: {
    name: (m) => m.name,
    code: (m) => m.code,
    kind: (m) => m.kind,
    status: (m) => m.status,
    configurationStep: (m) => m.configurationStep,
    createdAt: (m) => m.createdAt,
    updatedAt: (m) => m.updatedAt,
  },
  filterable: {
    kind: (m) => m.kind,
    oemId: (m) => m.oemId,
    status: (m) => m.status,
    vehicleType: (m) => m.vehicleType ?? null,
  },
  searchable: [(m) => m.name, (m) => m.code],
  defaultSort: [{ field: 'name', direction: 'asc' }],
};

const asApi = (m: Model) => toApi<ApiModel>(m);

/** OEM staff see their own models; everyone else with model access sees all. */
function inScope(ctx: AuthContext, model: Model): boolean {
  return ctx.roleType !== 'oem' || model.oemId === ctx.user.oemId;
}

function modelOr404(ctx: AuthContext, db: WorldDb, id: string): Model {
  const model = db.tables.models.get(id);
  if (!model || !inScope(ctx, model)) throw notFound('Model');
  return model;
}

function codeTaken(db: WorldDb, code: string, exceptId?: string): boolean {
  for (const m of db.tables.models.values())
    if (m.code.toLowerCase() === code.toLowerCase() && m.id !== exceptId) return true;
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const inRange = (v: unknown, values: readonly unknown[]) => values.includes(v);

/** Validates the lists a configuration step saves; errors name the row (`commands.2.code`). */
function checkLists(body: Record<string, unknown>, errors: FieldErrors): Partial<Model> {
  const out: Partial<Model> = {};
  const list = (field: string) => {
    const value = body[field];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) {
      errors.add(field, 'Send a list.');
      return undefined;
    }
    return value as unknown[];
  };
  const text = (row: Record<string, unknown>, key: string, path: string, label: string) => {
    if (typeof row[key] !== 'string' || (row[key] as string).trim() === '')
      errors.add(`${path}.${key}`, `Enter ${label}.`);
  };
  const dupes = (rows: unknown[], key: string, field: string) => {
    const seen = new Set<unknown>();
    rows.forEach((row, i) => {
      if (!isRecord(row)) return;
      if (seen.has(row[key])) errors.add(`${field}.${i}.${key}`, 'This is already in the list.');
      seen.add(row[key]);
    });
  };
  const commands = list('commands');
  commands?.forEach((row, i) => {
    if (!isRecord(row)) {
      errors.add(`commands.${i}`, 'Invalid command.');
      return;
    }
    text(row, 'code', `commands.${i}`, 'a code');
    text(row, 'name', `commands.${i}`, 'a name');
    if (typeof row.description !== 'string') errors.add(`commands.${i}.description`, 'Enter a description.');
  });
  if (commands) dupes(commands, 'code', 'commands');
  const faults = list('faults');
  faults?.forEach((row, i) => {
    if (!isRecord(row)) {
      errors.add(`faults.${i}`, 'Invalid fault.');
      return;
    }
    text(row, 'code', `faults.${i}`, 'a code');
    text(row, 'name', `faults.${i}`, 'a name');
    if (!inRange(row.kind, ['Alert', 'Fault'])) errors.add(`faults.${i}.kind`, 'Choose Alert or Fault.');
    if (!inRange(row.scope, ['Component', 'System'])) errors.add(`faults.${i}.scope`, 'Choose Component or System.');
    if (!inRange(row.severity, [0, 1, 2, 3, 4, 5])) errors.add(`faults.${i}.severity`, 'Choose a severity.');
    if (!inRange(row.deviceKind, KINDS)) errors.add(`faults.${i}.deviceKind`, 'Choose a device kind.');
  });
  if (faults) dupes(faults, 'code', 'faults');
  const template = list('telemetryTemplate');
  template?.forEach((row, i) => {
    const path = `telemetryTemplate.${i}`;
    if (!isRecord(row)) {
      errors.add(path, 'Invalid key.');
      return;
    }
    text(row, 'key', path, 'a key');
    text(row, 'label', path, 'a label');
    if (typeof row.unit !== 'string') errors.add(`${path}.unit`, 'Enter a unit (may be empty).');
    if (!inRange(row.source, [1, 2, 3, 4])) errors.add(`${path}.source`, 'Choose Telemetry, Shadow, System or AI.');
    if (typeof row.min !== 'number' || typeof row.max !== 'number') errors.add(`${path}.min`, 'Enter the range.');
    else if (row.min >= row.max) errors.add(`${path}.max`, 'The maximum must be above the minimum.');
  });
  if (template) dupes(template, 'key', 'telemetryTemplate');
  const master = body.masterData;
  if (master !== undefined) {
    if (!isRecord(master) || !Array.isArray(master.states)) errors.add('masterData.states', 'Send the list of states.');
    else {
      master.states.forEach((row, i) => {
        if (!isRecord(row) || (typeof row.code !== 'number' && typeof row.code !== 'string')) {
          errors.add(`masterData.states.${i}.code`, 'Enter a code.');
        } else text(row, 'label', `masterData.states.${i}`, 'a label');
      });
      dupes(master.states, 'code', 'masterData.states');
      out.masterData = master as Schemas['Model']['masterData'];
    }
  }
  if (commands) out.commands = commands as Schemas['ModelCommand'][];
  if (faults) out.faults = faults as Schemas['ModelFault'][];
  if (template) out.telemetryTemplate = template as Schemas['TelemetryKey'][];
  return out;
}

/** Vehicle and device models with master data, commands, faults and telemetry template. */
export function createModelHandlers(http: ApiHttp) {
  return [
    http.get('/models', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: ['mm', 'cm', 'vh.l'] });
      const query = parseListQuery(new URL(request.url), MODEL_LIST);
      const rows = Array.from(db.tables.models.values()).filter((m) => inScope(ctx, m));
      const page = applyListQuery(rows, query, MODEL_LIST);
      return response(200).json({ ...page, items: page.items.map(asApi) });
    }),

    http.post('/models', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'mm', ACTION.ADD);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const kind = KINDS.find((k) => k === body.kind);
      if (!kind) errors.add('kind', 'Choose EV, BMS, MCU or VCU.');
      const name = requiredString(errors, body, 'name', 'a name', 60);
      const code = requiredString(errors, body, 'code', 'a code', 30);
      const oemId = ctx.roleType === 'oem' ? ctx.user.oemId : typeof body.oemId === 'string' ? body.oemId : undefined;
      if (!oemId || !db.tables.oems.get(oemId)) errors.add('oemId', 'Choose the OEM.');
      if (kind === 'EV' && !inRange(body.vehicleType, VEHICLE_TYPES))
        errors.add('vehicleType', 'Choose 2 Wheeler or 3 Wheeler.');
      errors.throwIfAny();
      if (!kind || !name || !code || !oemId) throw validationFailed({ body: 'Incomplete model.' });
      if (codeTaken(db, code)) throw conflict('A model with this code already exists.', { code: 'Already in use.' });
      const now = Date.now();
      const model: Model = {
        id: `mdl-${crypto.randomUUID()}`,
        kind,
        name,
        code,
        oemId,
        status: 0,
        configurationStep: 1,
        masterData: { states: [] },
        commands: [],
        faults: [],
        telemetryTemplate: [],
        createdAt: now,
        updatedAt: now,
      };
      if (kind === 'EV') model.vehicleType = body.vehicleType as Model['vehicleType'];
      db.tables.models.insert(model);
      await recordAudit(db, ctx, 'Vehicle Model', model.id, 'Add', `Added ${kind} model ${name}`);
      await db.persist();
      return response(201).json(asApi(model));
    }),

    http.get('/models/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: ['mm', 'cm', 'vh.l', 'vh.l.d'] });
      return response(200).json(asApi(modelOr404(ctx, db, params.id)));
    }),

    http.patch('/models/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'mm', ACTION.UPDATE);
      const model = modelOr404(ctx, db, params.id);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const changes: Partial<Model> = checkLists(body, errors);
      if (body.name !== undefined) changes.name = requiredString(errors, body, 'name', 'a name', 60);
      if (body.code !== undefined) {
        const code = requiredString(errors, body, 'code', 'a code', 30);
        if (code && codeTaken(db, code, model.id)) errors.add('code', 'Already in use.');
        changes.code = code;
      }
      if (body.vehicleType !== undefined) {
        if (model.kind !== 'EV' || !inRange(body.vehicleType, VEHICLE_TYPES))
          errors.add('vehicleType', 'Choose 2 Wheeler or 3 Wheeler.');
        else changes.vehicleType = body.vehicleType as Model['vehicleType'];
      }
      if (body.configurationStep !== undefined) {
        if (!inRange(body.configurationStep, [1, 2, 3, 4, 5, 6])) errors.add('configurationStep', 'Steps are 1 to 6.');
        else changes.configurationStep = body.configurationStep as number;
      }
      if (body.status !== undefined) {
        if (!inRange(body.status, [0, 1])) errors.add('status', 'Status is 0 (draft) or 1 (published).');
        else changes.status = body.status as 0 | 1;
      }
      if (body.bms !== undefined) {
        const b = body.bms;
        if (model.kind !== 'BMS' || !isRecord(b)) errors.add('bms', 'Only BMS models have battery data.');
        else {
          if (!inRange(b.chemistry, [0, 1, 2, 3, 4])) errors.add('bms.chemistry', 'Choose the chemistry.');
          if (!inRange(b.cooling, [0, 1, 2, 3, 4, 5, 6, 7])) errors.add('bms.cooling', 'Choose the cooling.');
          if (!Number.isInteger(b.cellCount) || (b.cellCount as number) < 1)
            errors.add('bms.cellCount', 'Enter the number of cells.');
          if (typeof b.nominalVoltage !== 'number' || b.nominalVoltage <= 0)
            errors.add('bms.nominalVoltage', 'Enter the voltage.');
          if (typeof b.capacityAh !== 'number' || b.capacityAh <= 0)
            errors.add('bms.capacityAh', 'Enter the capacity.');
          changes.bms = b as Schemas['BmsSpec'];
        }
      }
      if (body.mcu !== undefined) {
        const m = body.mcu;
        if (model.kind !== 'MCU' || !isRecord(m)) errors.add('mcu', 'Only MCU models have motor data.');
        else {
          if (!inRange(m.motorType, [0, 1, 2, 3, 4, 5])) errors.add('mcu.motorType', 'Choose the motor type.');
          if (typeof m.ratedPowerKw !== 'number' || m.ratedPowerKw <= 0)
            errors.add('mcu.ratedPowerKw', 'Enter the power.');
          changes.mcu = m as Schemas['McuSpec'];
        }
      }
      if (body.configuration !== undefined) {
        const c = body.configuration;
        if (!isRecord(c)) errors.add('configuration', 'Send the configuration.');
        else {
          if (!inRange(c.tripMode, [0, 1, 2, 3])) errors.add('configuration.tripMode', 'Choose the trip mode.');
          if (!inRange(c.intervalMode, [0, 1, 2, 3]))
            errors.add('configuration.intervalMode', 'Choose the interval mode.');
          const interval = c.telemetryIntervalSec;
          if (!Number.isInteger(interval) || (interval as number) < 1 || (interval as number) > 3600)
            errors.add('configuration.telemetryIntervalSec', 'Enter 1 to 3600 seconds.');
          if (!Number.isInteger(c.components) || (c.components as number) < 0 || (c.components as number) > 7)
            errors.add('configuration.components', 'Choose the components (VCU 1, BMS 2, MCU 4).');
          changes.configuration = c as Schemas['ModelConfiguration'];
        }
      }
      errors.throwIfAny();
      const updated = db.tables.models.update(model.id, { ...changes, updatedAt: Date.now() }) as Model;
      await recordAudit(
        db,
        ctx,
        'Vehicle Model',
        model.id,
        'Update',
        `Updated ${Object.keys(changes).join(', ') || 'nothing'}`,
      );
      await db.persist();
      return response(200).json(asApi(updated));
    }),

    http.delete('/models/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'mm', ACTION.DELETE);
      const model = modelOr404(ctx, db, params.id);
      const inUse =
        model.kind === 'EV'
          ? Array.from(db.tables.vehicles.values()).some((v) => v.modelId === model.id)
          : Array.from(
              db.tables[({ BMS: 'bmsDevices', MCU: 'mcuDevices', VCU: 'vcuDevices' } as const)[model.kind]].values(),
            ).some((d) => d.modelId === model.id);
      if (inUse) throw conflict('This model is in use and cannot be deleted.');
      db.tables.models.remove(model.id);
      await recordAudit(db, ctx, 'Vehicle Model', model.id, 'Delete', `Deleted model ${model.name}`);
      await db.persist();
      return response(204).empty();
    }),

    http.post('/models/{id}/clone', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'mm', ACTION.CLONE);
      const source = modelOr404(ctx, db, params.id);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const name = requiredString(errors, body, 'name', 'a name', 60);
      const code = requiredString(errors, body, 'code', 'a code', 30);
      errors.throwIfAny();
      if (!name || !code) throw validationFailed({ body: 'Incomplete model.' });
      if (codeTaken(db, code)) throw conflict('A model with this code already exists.', { code: 'Already in use.' });
      const now = Date.now();
      const clone: Model = {
        ...structuredClone(source),
        id: `mdl-${crypto.randomUUID()}`,
        name,
        code,
        status: 0,
        createdAt: now,
        updatedAt: now,
      };
      db.tables.models.insert(clone);
      await recordAudit(db, ctx, 'Vehicle Model', clone.id, 'Clone', `Cloned ${source.name} as ${name}`);
      await db.persist();
      return response(201).json(asApi(clone));
    }),
  ];
}
