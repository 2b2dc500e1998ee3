import { conflict, type FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import type { ModelStore } from './model-store';
import { type Model, MODEL_KINDS, VEHICLE_TYPES } from './model-types';

const MAX_NAME = 60;
const MAX_CODE = 30;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const oneOf = (value: unknown, values: readonly unknown[]) => values.includes(value);

/** A required text field, trimmed, at most `max` characters; undefined after recording why not. */
function readText(errors: FieldErrors, value: unknown, field: string, label: string, max: number) {
  if (typeof value !== 'string' || value.trim() === '') {
    errors.add(field, `Enter ${label}.`);
    return undefined;
  }
  const text = value.trim();
  if (text.length > max) {
    errors.add(field, `${label[0]?.toUpperCase()}${label.slice(1)} must be at most ${max} characters.`);
    return undefined;
  }
  return text;
}

export const readName = (errors: FieldErrors, value: unknown) => readText(errors, value, 'name', 'a name', MAX_NAME);
export const readCode = (errors: FieldErrors, value: unknown) => readText(errors, value, 'code', 'a code', MAX_CODE);

export function readKind(errors: FieldErrors, value: unknown): Model['kind'] | undefined {
  const kind = MODEL_KINDS.find((k) => k === value);
  if (!kind) errors.add('kind', 'Choose EV, BMS, MCU or VCU.');
  return kind;
}

export function readVehicleType(errors: FieldErrors, value: unknown): Model['vehicleType'] | undefined {
  const type = VEHICLE_TYPES.find((t) => t === value);
  if (!type) errors.add('vehicleType', 'Choose 2 Wheeler or 3 Wheeler.');
  return type;
}

/** Throws every field error so far, then 409 when another model has the code. */
export async function checkCodeFree(
  store: Pick<ModelStore, 'codeTaken'>,
  errors: FieldErrors,
  code: string | undefined,
  exceptId?: string,
): Promise<void> {
  errors.throwIfAny();
  if (code !== undefined && (await store.codeTaken(code, exceptId))) throw codeConflict();
}

export const codeConflict = () => conflict('A model with this code already exists.', { code: 'Already in use.' });

/**
 * The lists and specs a configuration step saves (master data, commands, faults, telemetry template; battery data of a
 * BMS model, motor data of an MCU model; the step 5 configuration), checked against `kind`; errors name the row and
 * field (`commands.2.code`). Returns the fields to set.
 */
export function readConfigurationFields(
  errors: FieldErrors,
  kind: Model['kind'],
  body: Record<string, unknown>,
): Partial<Model> {
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
    if (row.safetyCritical !== undefined && typeof row.safetyCritical !== 'boolean')
      errors.add(`commands.${i}.safetyCritical`, 'Send true or false.');
    if (row.parameters !== undefined && !Array.isArray(row.parameters))
      errors.add(`commands.${i}.parameters`, 'Send a list.');
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
    if (!oneOf(row.kind, ['Alert', 'Fault'])) errors.add(`faults.${i}.kind`, 'Choose Alert or Fault.');
    if (!oneOf(row.scope, ['Component', 'System'])) errors.add(`faults.${i}.scope`, 'Choose Component or System.');
    if (!oneOf(row.severity, [0, 1, 2, 3, 4, 5])) errors.add(`faults.${i}.severity`, 'Choose a severity.');
    if (!oneOf(row.deviceKind, MODEL_KINDS)) errors.add(`faults.${i}.deviceKind`, 'Choose a device kind.');
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
    if (!oneOf(row.source, [1, 2, 3, 4])) errors.add(`${path}.source`, 'Choose Telemetry, Shadow, System or AI.');
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
      out.masterData = master as Model['masterData'];
    }
  }

  if (body.bms !== undefined) {
    const b = body.bms;
    if (kind !== 'BMS' || !isRecord(b)) errors.add('bms', 'Only BMS models have battery data.');
    else {
      if (!oneOf(b.chemistry, [0, 1, 2, 3, 4])) errors.add('bms.chemistry', 'Choose the chemistry.');
      if (!oneOf(b.cooling, [0, 1, 2, 3, 4, 5, 6, 7])) errors.add('bms.cooling', 'Choose the cooling.');
      if (!Number.isInteger(b.cellCount) || (b.cellCount as number) < 1)
        errors.add('bms.cellCount', 'Enter the number of cells.');
      if (typeof b.nominalVoltage !== 'number' || b.nominalVoltage <= 0)
        errors.add('bms.nominalVoltage', 'Enter the voltage.');
      if (typeof b.capacityAh !== 'number' || b.capacityAh <= 0) errors.add('bms.capacityAh', 'Enter the capacity.');
      out.bms = b as Schemas['BmsSpec'];
    }
  }
  if (body.mcu !== undefined) {
    const m = body.mcu;
    if (kind !== 'MCU' || !isRecord(m)) errors.add('mcu', 'Only MCU models have motor data.');
    else {
      if (!oneOf(m.motorType, [0, 1, 2, 3, 4, 5])) errors.add('mcu.motorType', 'Choose the motor type.');
      if (typeof m.ratedPowerKw !== 'number' || m.ratedPowerKw <= 0) errors.add('mcu.ratedPowerKw', 'Enter the power.');
      out.mcu = m as Schemas['McuSpec'];
    }
  }
  if (body.configuration !== undefined) {
    const c = body.configuration;
    if (!isRecord(c)) errors.add('configuration', 'Send the configuration.');
    else {
      if (!oneOf(c.tripMode, [0, 1, 2, 3])) errors.add('configuration.tripMode', 'Choose the trip mode.');
      if (!oneOf(c.intervalMode, [0, 1, 2, 3])) errors.add('configuration.intervalMode', 'Choose the interval mode.');
      const interval = c.telemetryIntervalSec;
      if (!Number.isInteger(interval) || (interval as number) < 1 || (interval as number) > 3600)
        errors.add('configuration.telemetryIntervalSec', 'Enter 1 to 3600 seconds.');
      if (!Number.isInteger(c.components) || (c.components as number) < 0 || (c.components as number) > 7)
        errors.add('configuration.components', 'Choose the components (VCU 1, BMS 2, MCU 4).');
      out.configuration = c as Schemas['ModelConfiguration'];
    }
  }
  if (commands) out.commands = commands as Schemas['ModelCommand'][];
  if (faults) out.faults = faults as Schemas['ModelFault'][];
  if (template) out.telemetryTemplate = template as Schemas['TelemetryKey'][];
  return out;
}
