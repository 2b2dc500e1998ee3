import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

/** The dot-less JSON pointer of the first string (or key) holding U+0000, which PostgreSQL text and jsonb cannot store. */
function nulAt(data: unknown, pointer: string): string | undefined {
  if (typeof data === 'string') return data.includes('\u0000') ? pointer : undefined;
  if (data === null || typeof data !== 'object') return undefined;
  for (const [key, value] of Object.entries(data)) {
    const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (key.includes('\u0000')) return at;
    const found = nulAt(value, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The contract's validation, then: no NUL character anywhere (a 400 for the field, not a database error). */
function refusingNul(validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    const ok = validate(data, context) as boolean;
    const at = nulAt(data, '');
    checked.errors = validate.errors;
    if (at === undefined) return ok;
    const issue: ErrorObject = {
      instancePath: at,
      schemaPath: '#',
      keyword: 'nul',
      params: {},
      message: 'must not contain the NUL character',
    };
    checked.errors = [...(validate.errors ?? []), issue];
    return false;
  }) as ValidateFunction;
  // Fastify lets ajv coerce a root value only for functions that carry their schema environment.
  Object.assign(checked, { schemaEnv: validate.schemaEnv, schema: validate.schema });
  return checked;
}

const common: Options = { allErrors: true, strict: false, useDefaults: true, removeAdditional: false };
let ajvs: { body: Ajv; text: Ajv } | undefined;
/** Compiled validators by part and schema text: a pure cache, shared by every app of the process (decision 0135). */
const compiled = new Map<string, ValidateFunction>();

/**
 * Request validation from the contract. Bodies are JSON and must have the right types as sent (a number where a
 * string is due is a 400, never coerced); query, path and headers arrive as text and are coerced to their types.
 * `strict: false`: the contract carries annotation keywords ajv does not know.
 *
 * A schema is compiled once per process: an app built again on the same contract (each test file builds its own, in a
 * worker that keeps its modules) reuses the functions instead of compiling about a third of a CPU-second of them again.
 * A validator keeps no state between calls besides `errors`, which Fastify reads right after its own synchronous call.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<FastifySchema> {
  ajvs ??= {
    body: addFormats(new Ajv({ ...common, coerceTypes: false })),
    text: addFormats(new Ajv({ ...common, coerceTypes: 'array' })),
  };
  const { body, text } = ajvs;
  return ({ schema, httpPart }) => {
    const part = httpPart === 'body' ? 'body' : 'text';
    const key = `${part} ${JSON.stringify(schema)}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = refusingNul((part === 'body' ? body : text).compile(schema as object));
      compiled.set(key, validate);
    }
    return validate;
  };
}
