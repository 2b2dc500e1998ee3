/**
 * A command's parameters (a model command's `parameters` in openapi.yaml) and how a payload is checked against them.
 * The send form and the demo server use the same rules, so a field error reads the same wherever it is found.
 */

export interface CommandParameterDef {
  name: string;
  label: string;
  type: 'integer' | 'number' | 'string' | 'boolean' | 'enum';
  required: boolean;
  min?: number;
  max?: number;
  unit?: string;
  options?: string[];
  maxLength?: number;
}

export type CommandParamValue = string | number | boolean;
export type CommandPayloadValues = Record<string, CommandParamValue>;

/** Expiry a command gets unless the sender picks another (seconds), and the allowed range. */
export const COMMAND_DEFAULT_EXPIRY_S = 300;
export const COMMAND_MIN_EXPIRY_S = 30;
export const COMMAND_MAX_EXPIRY_S = 86_400;
/** The most vehicles one send reaches (a device group or a filter may hold more). */
export const COMMAND_MAX_TARGETS = 500;

function unitOf(def: CommandParameterDef): string {
  return def.unit ? ` ${def.unit}` : '';
}

/** The error of one value, or null when it fits the parameter. `undefined` and '' mean "not given". */
export function commandParamError(def: CommandParameterDef, value: unknown): string | null {
  if (value === undefined || value === null || value === '') {
    return def.required ? `${def.label} is required.` : null;
  }
  switch (def.type) {
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${def.label} must be a number.`;
      if (def.type === 'integer' && !Number.isInteger(value)) return `${def.label} must be a whole number.`;
      if (def.min !== undefined && value < def.min) return `${def.label} must be at least ${def.min}${unitOf(def)}.`;
      if (def.max !== undefined && value > def.max) return `${def.label} must be at most ${def.max}${unitOf(def)}.`;
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : `${def.label} must be yes or no.`;
    case 'enum':
      return typeof value === 'string' && (def.options ?? []).includes(value)
        ? null
        : `${def.label} must be one of ${(def.options ?? []).join(', ')}.`;
    case 'string': {
      if (typeof value !== 'string') return `${def.label} must be text.`;
      if (value.trim() === '') return def.required ? `${def.label} is required.` : null;
      if (def.maxLength !== undefined && value.length > def.maxLength)
        return `${def.label} must be at most ${def.maxLength} characters.`;
      return null;
    }
  }
}

/**
 * Checks a payload against a command's parameters: one error per parameter (keyed by its name), plus one for each
 * value the command does not take. An empty object means the payload is valid.
 */
export function commandPayloadErrors(
  defs: readonly CommandParameterDef[] | undefined,
  payload: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const known = new Set((defs ?? []).map((d) => d.name));
  for (const def of defs ?? []) {
    const error = commandParamError(def, payload[def.name]);
    if (error) errors[def.name] = error;
  }
  for (const name of Object.keys(payload)) {
    if (!known.has(name)) errors[name] = `This command takes no parameter "${name}".`;
  }
  return errors;
}

/** The payload without empty optional values, trimmed strings. */
export function cleanCommandPayload(
  defs: readonly CommandParameterDef[] | undefined,
  payload: Readonly<Record<string, unknown>>,
): CommandPayloadValues {
  const out: CommandPayloadValues = {};
  for (const def of defs ?? []) {
    const value = payload[def.name];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'string') out[def.name] = value.trim();
    else if (typeof value === 'number' || typeof value === 'boolean') out[def.name] = value;
  }
  return out;
}

/** A plausible payload for a command (the demo world's seeded history): the middle of each range, the first option. */
export function samplePayload(defs: readonly CommandParameterDef[] | undefined): CommandPayloadValues | null {
  if (!defs || defs.length === 0) return null;
  const out: CommandPayloadValues = {};
  for (const def of defs) {
    if (def.type === 'integer' || def.type === 'number') {
      const mid = ((def.min ?? 0) + (def.max ?? 100)) / 2;
      out[def.name] = def.type === 'integer' ? Math.round(mid) : mid;
    } else if (def.type === 'enum') out[def.name] = def.options?.[0] ?? '';
    else if (def.type === 'boolean') out[def.name] = true;
    else out[def.name] = 'Scheduled maintenance';
  }
  return out;
}

/** A payload as one line, e.g. `speedKmh=60, mode=Economy` (the table and the export). */
export function formatCommandPayload(payload: Readonly<Record<string, CommandParamValue>> | null | undefined): string {
  if (!payload) return '';
  return Object.entries(payload)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}
