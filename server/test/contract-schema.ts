import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { loadOpenApi } from '../src/http/openapi';

type Json = Record<string, unknown>;
const doc = loadOpenApi() as unknown as Json;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
ajv.addSchema({ ...doc, $id: 'openapi' });

function resolve(node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  let target: unknown = doc;
  for (const part of ref.replace(/^#\//, '').split('/')) target = (target as Json)[part];
  return resolve(target as Json);
}

/** The error shape every non-2xx answer has, also for statuses an operation does not list (429, 501, 413). */
const ERROR_REF = 'openapi#/components/schemas/Error';

/**
 * Checks a response against the contract: the status is one the operation lists (or a listed error shape for 429 /
 * 413 / 501, which every operation may answer), and the JSON body matches that status's schema.
 */
export function expectContract(method: string, path: string, response: LightMyRequestResponse): void {
  const paths = doc.paths as Record<string, Json>;
  const operation = paths[path]?.[method.toLowerCase()] as Json | undefined;
  if (!operation) throw new Error(`No operation ${method} ${path} in openapi.yaml`);
  const responses = operation.responses as Record<string, Json>;
  const status = String(response.statusCode);
  const listed = responses[status];
  if (!listed) {
    expect(['413', '429', '501'], `${method} ${path} answered ${status}, which the contract does not list`).toContain(
      status,
    );
    expectValid(ERROR_REF, response.json());
    return;
  }
  const content = resolve(listed).content as Record<string, { schema?: Json }> | undefined;
  const schema = content?.['application/json']?.schema;
  // A body of another listed type (text/csv) is checked for its content type; its schema is the text itself.
  const mediaType =
    String(response.headers?.['content-type'] ?? '')
      .split(';')[0]
      ?.trim() ?? '';
  if (!schema && content && mediaType !== 'application/json' && mediaType in content) return;
  if (!schema) {
    expect(response.body, `${method} ${path} ${status} has no body in the contract`).toBe('');
    return;
  }
  const pointer = encodeURIComponent(path.replace(/~/g, '~0').replace(/\//g, '~1'));
  const contentType = 'application~1json';
  expectValid(
    `openapi#/paths/${pointer}/${method.toLowerCase()}/responses/${status}/content/${contentType}/schema`,
    response.json(),
    listed,
  );
}

function expectValid(ref: string, body: unknown, listed?: Json): void {
  // A response that is itself a $ref (#/components/responses/X) is validated through that component.
  let schemaRef = ref;
  if (listed && typeof listed.$ref === 'string') {
    const name = listed.$ref.split('/').pop();
    schemaRef = `openapi#/components/responses/${name}/content/application~1json/schema`;
  }
  const validate = ajv.getSchema(schemaRef);
  if (!validate) throw new Error(`Cannot compile ${schemaRef}`);
  const ok = validate(body);
  expect(ok ? [] : validate.errors, `the body matches ${schemaRef}`).toEqual([]);
}
