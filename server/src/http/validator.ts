import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

/**
 * Request validation from the contract. Bodies are JSON and must have the right types as sent (a number where a
 * string is due is a 400, never coerced); query, path and headers arrive as text and are coerced to their types.
 * `strict: false`: the contract carries annotation keywords ajv does not know.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<FastifySchema> {
  const common: Options = { allErrors: true, strict: false, useDefaults: true, removeAdditional: false };
  const bodyAjv = addFormats(new Ajv({ ...common, coerceTypes: false }));
  const textAjv = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
  return ({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);
}
