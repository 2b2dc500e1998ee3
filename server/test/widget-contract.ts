import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { parse } from 'yaml';

type Json = Record<string, unknown>;
/** The widget's own description of its calls (`sdk/api/widget-api.yaml`, wire-compatible with gleap@14.2.11). */
const doc = parse(
  readFileSync(fileURLToPath(new URL('../../sdk/api/widget-api.yaml', import.meta.url)), 'utf8'),
) as Json;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
ajv.addSchema({ ...doc, $id: 'widget' });

/**
 * Checks a widget API answer against `sdk/api/widget-api.yaml`: a status the operation lists (its `default` or `4XX`
 * covers errors), and a body matching that status's schema.
 */
export function expectWidgetContract(method: string, path: string, response: LightMyRequestResponse): void {
  const operation = (doc.paths as Record<string, Json>)[path]?.[method.toLowerCase()] as Json | undefined;
  if (!operation) throw new Error(`No operation ${method} ${path} in widget-api.yaml`);
  const responses = operation.responses as Record<string, Json>;
  const status = String(response.statusCode);
  const key = [status, `${status[0]}XX`, 'default'].find((k) => responses[k]);
  expect(key, `${method} ${path} answered ${status}, which widget-api.yaml does not list`).toBeDefined();
  const listed = responses[key as string] as Json;
  let pointer = `widget#/paths/${encodeURIComponent(path.replace(/~/g, '~0').replace(/\//g, '~1'))}/${method.toLowerCase()}/responses/${key}`;
  if (typeof listed.$ref === 'string') pointer = `widget${listed.$ref}`;
  const validate = ajv.getSchema(`${pointer}/content/application~1json/schema`);
  if (!validate) throw new Error(`Cannot compile the schema of ${method} ${path} ${status}`);
  const body = response.json();
  expect(validate(body) ? [] : validate.errors, `${method} ${path} ${status} matches widget-api.yaml`).toEqual([]);
}
