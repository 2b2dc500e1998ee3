import { z } from 'zod';
import { FAULT_KINDS, FAULT_SCOPES, VEHICLE_TYPES } from '@/domain/enums';
import type { Model, ModelKind, ModelPatch } from '../api/model-types';
import { MODEL_KINDS } from './model-kinds';

/** A number a form field must hold; an empty NumberInput gives undefined, which reads as "Enter ...". */
const requiredNumber = (what: string) => z.number({ error: `Enter ${what}` });

/** Adds "already in the list" to every row whose `key` repeats an earlier row's. */
function uniqueBy<T>(field: keyof T & string, message: string) {
  return (rows: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      const value = String(row[field]).trim().toLowerCase();
      if (value === '') return;
      if (seen.has(value)) ctx.addIssue({ code: 'custom', path: [i, field], message });
      seen.add(value);
    });
  };
}

// ---- Step 1: Information ----
export const informationSchema = z
  .object({
    kind: z.enum(MODEL_KINDS, { error: 'Choose the kind' }),
    name: z.string().trim().min(1, 'Enter a name').max(60, 'Use at most 60 characters'),
    code: z
      .string()
      .trim()
      .min(1, 'Enter a code')
      .max(30, 'Use at most 30 characters')
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'Use letters, digits, - and _'),
    oemId: z.string().min(1, 'Choose the OEM'),
    vehicleType: z.enum(VEHICLE_TYPES).nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'EV' && !v.vehicleType)
      ctx.addIssue({ code: 'custom', path: ['vehicleType'], message: 'Choose 2 Wheeler or 3 Wheeler' });
  });
export type InformationValues = z.input<typeof informationSchema>;

// ---- Step 2: Master Data ----
const stateRow = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter a code')
    .regex(/^(\d+|[A-Z])$/, 'Use a number or one capital letter'),
  label: z.string().trim().min(1, 'Enter a label'),
});
export const masterDataSchema = z.object({
  states: z
    .array(stateRow)
    .min(1, 'Add at least one state')
    .superRefine(uniqueBy<z.input<typeof stateRow>>('code', 'This code is already in the list')),
  bms: z
    .object({
      chemistry: requiredNumber('the chemistry'),
      cooling: requiredNumber('the cooling'),
      cellCount: requiredNumber('the number of cells').int('Enter a whole number').min(1, 'At least 1 cell'),
      nominalVoltage: requiredNumber('the voltage').positive('Enter a voltage above 0'),
      capacityAh: requiredNumber('the capacity').positive('Enter a capacity above 0'),
    })
    .optional(),
  mcu: z
    .object({
      motorType: requiredNumber('the motor type'),
      ratedPowerKw: requiredNumber('the power').positive('Enter a power above 0'),
    })
    .optional(),
});
export type MasterDataValues = z.input<typeof masterDataSchema>;

// ---- Step 3: Commands ----
const commandRow = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter a code')
    .regex(/^[A-Z0-9_]+$/, 'Use capitals, digits and _'),
  name: z.string().trim().min(1, 'Enter a name'),
  description: z.string().trim().max(200, 'Use at most 200 characters'),
});
export const commandsSchema = z.object({
  commands: z
    .array(commandRow)
    .superRefine(uniqueBy<z.input<typeof commandRow>>('code', 'This code is already in the list')),
});
export type CommandsValues = z.input<typeof commandsSchema>;

// ---- Step 4: Faults ----
const faultRow = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter a code')
    .regex(/^[A-Z0-9_]+$/, 'Use capitals, digits and _'),
  name: z.string().trim().min(1, 'Enter a name'),
  kind: z.enum(FAULT_KINDS, { error: 'Choose Alert or Fault' }),
  scope: z.enum(FAULT_SCOPES, { error: 'Choose Component or System' }),
  severity: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], {
    error: 'Choose a severity',
  }),
  deviceKind: z.enum(MODEL_KINDS, { error: 'Choose a device kind' }),
});
export const faultsSchema = z.object({
  faults: z.array(faultRow).superRefine(uniqueBy<z.input<typeof faultRow>>('code', 'This code is already in the list')),
});
export type FaultsValues = z.input<typeof faultsSchema>;

// ---- Step 5: Configurations ----
export const configurationSchema = z.object({
  configuration: z.object({
    tripMode: requiredNumber('the trip mode'),
    intervalMode: requiredNumber('the interval mode'),
    telemetryIntervalSec: requiredNumber('the interval')
      .int('Enter whole seconds')
      .min(1, 'At least 1 second')
      .max(3600, 'At most 3600 seconds'),
    components: requiredNumber('the components').min(1, 'Choose at least one component'),
  }),
});
export type ConfigurationValues = z.input<typeof configurationSchema>;

// ---- Step 6: Telemetry ----
const telemetryRow = z
  .object({
    key: z
      .string()
      .trim()
      .min(1, 'Enter a key')
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'Start with a letter; use letters, digits and _'),
    label: z.string().trim().min(1, 'Enter a label'),
    unit: z.string().trim().min(1, 'Enter a unit'),
    source: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
      error: 'Choose Telemetry, Shadow, System or AI',
    }),
    min: requiredNumber('the minimum'),
    max: requiredNumber('the maximum'),
  })
  .refine((row) => row.min < row.max, { path: ['max'], message: 'The maximum must be above the minimum' });
export const telemetrySchema = z.object({
  telemetryTemplate: z
    .array(telemetryRow)
    .min(1, 'Add at least one telemetry key')
    .superRefine(uniqueBy<z.input<typeof telemetryRow>>('key', 'This key is already in the list')),
});
export type TelemetryValues = z.input<typeof telemetrySchema>;

// ---- Between the forms and the API ----

/** The wire value of a master-state code typed as text: digits are numbers, a letter (SNA 'F') stays text. */
export function stateCodeOf(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The master-data form of a model (new BMS and MCU models start with empty specs). */
export function masterDataValuesOf(model: Model): MasterDataValues {
  const values: MasterDataValues = {
    states: model.masterData.states.map((s) => ({ code: String(s.code), label: s.label })),
  };
  if (model.kind === 'BMS') values.bms = model.bms ?? ({} as NonNullable<MasterDataValues['bms']>);
  if (model.kind === 'MCU') values.mcu = model.mcu ?? ({} as NonNullable<MasterDataValues['mcu']>);
  return values;
}

/** The patch that saves a valid master-data form. */
export function masterDataPatch(kind: ModelKind, values: z.output<typeof masterDataSchema>): ModelPatch {
  const patch: ModelPatch = {
    masterData: { states: values.states.map((s) => ({ code: stateCodeOf(s.code), label: s.label.trim() })) },
  };
  if (kind === 'BMS' && values.bms) patch.bms = values.bms as NonNullable<ModelPatch['bms']>;
  if (kind === 'MCU' && values.mcu) patch.mcu = values.mcu as NonNullable<ModelPatch['mcu']>;
  return patch;
}
