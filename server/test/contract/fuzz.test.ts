import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadOpenApi, operationsOf } from '../../src/http/openapi';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

/**
 * A schema-driven fuzzer over every operation of the contract (issue 39: "a stranger's OpenAPI fuzzer finds no 5xx
 * and no schema violation"). For each operation, as a Super Admin and as a driver, a small deterministic set of
 * requests generated from the operation's schema (a PRNG seeded by the operationId): valid-looking values with ids of
 * real rows, unknown ids, and boundary values (empty, huge, wrong types, extra and missing fields, malformed JSON,
 * arrays for objects, bad enums and dates, `filter`/`sort` garbage, huge pages). Every answer must be below 500 and
 * match the contract (`expectContract`: a listed status, its schema; errors the Error shape).
 * FUZZ_SEED=<text> explores other generated requests (the default seed is what CI runs); FUZZ_TRACE=1 logs each answer.
 */

type Json = Record<string, unknown>;
type Schema = Json;
const doc = loadOpenApi() as unknown as Json;
const operations = [...operationsOf(loadOpenApi()).entries()];

/** mulberry32: small and deterministic. */
function prng(seedText: string): () => number {
  let seed = 2166136261;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function resolve(node: unknown): Schema {
  let current = node as Json;
  while (current && typeof current.$ref === 'string') {
    let target: unknown = doc;
    for (const part of current.$ref.replace(/^#\//, '').split('/')) target = (target as Json)[part];
    current = target as Json;
  }
  return current ?? {};
}

/** One schema from allOf (merged), oneOf / anyOf (the first branch, or a random one). */
function flatten(node: unknown, random: () => number): Schema {
  const schema = resolve(node);
  if (Array.isArray(schema.allOf)) {
    const merged: Schema = { ...schema, allOf: undefined, properties: {}, required: [] };
    for (const part of schema.allOf) {
      const flat = flatten(part, random);
      Object.assign(merged, { ...flat, properties: merged.properties, required: merged.required });
      Object.assign(merged.properties as Json, flat.properties ?? {});
      (merged.required as string[]).push(...((flat.required as string[]) ?? []));
    }
    Object.assign(merged.properties as Json, schema.properties ?? {});
    (merged.required as string[]).push(...((schema.required as string[]) ?? []));
    return merged;
  }
  const branches = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) {
    const branch = flatten(branches[Math.floor(random() * branches.length)], random);
    return { ...schema, oneOf: undefined, anyOf: undefined, ...branch };
  }
  return schema;
}

function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  if (typeof type === 'string') return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  if (schema.enum) return typeof (schema.enum as unknown[])[0];
  return undefined;
}

const REFERENCE = '2026-01-15T10:00:00.000Z';

/** Body fields that name rows, and the list their real ids come from (so valid requests reach past "unknown id"). */
const ID_SOURCES: Record<string, string> = {
  vehicleId: '/vehicles',
  modelId: '/models',
  dealerId: '/dealers',
  fleetId: '/fleets',
  driverId: '/drivers',
  evOwnerId: '/ev-owners',
  oemId: '/oems',
  roleId: '/roles',
  releaseId: '/firmware-releases',
  deviceId: '/devices',
  groupId: '/device-groups',
  deviceGroupId: '/device-groups',
  faultId: '/faults',
  simId: '/sims',
  userId: '/users',
  assigneeId: '/users',
  geofenceId: '/geofences',
};
/** Ids of real rows per list path (a few each), read once as the Super Admin. */
const knownIds = new Map<string, string[]>();

function realIdFor(name: string, property: unknown, random: () => number): unknown {
  const ids = knownIds.get(ID_SOURCES[name.replace(/Ids$/, 'Id')] ?? '');
  if (!ids || ids.length === 0) return undefined;
  const id = ids[Math.floor(random() * ids.length)];
  const type = typeOf(resolve(property));
  if (type === 'array') return [id];
  return type === 'string' || type === undefined ? id : undefined;
}

/** A value the schema accepts (as far as a generator can tell: examples first, then enum, format, bounds). */
function valid(node: unknown, random: () => number, depth = 0): unknown {
  const schema = flatten(node, random);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0 && typeOf(schema) !== 'object')
    return schema.examples[0];
  if (schema.example !== undefined && typeOf(schema) !== 'object') return schema.example;
  if (Array.isArray(schema.enum)) {
    const options = (schema.enum as unknown[]).filter((v) => v !== null);
    return options[Math.floor(random() * options.length)];
  }
  if (schema.default !== undefined && typeOf(schema) !== 'object') return schema.default;
  switch (typeOf(schema)) {
    case 'object': {
      const out: Json = {};
      const required = new Set((schema.required as string[]) ?? []);
      for (const [name, property] of Object.entries((schema.properties as Json) ?? {})) {
        if (resolve(property).readOnly) continue;
        if (required.has(name) || (depth < 3 && random() < 0.7))
          out[name] = realIdFor(name, property, random) ?? valid(property, random, depth + 1);
      }
      return out;
    }
    case 'array': {
      const count = Math.max(Number(schema.minItems ?? 0), depth < 3 ? 1 : 0);
      return Array.from({ length: Math.min(count, 3) }, () => valid(schema.items ?? {}, random, depth + 1));
    }
    case 'integer':
    case 'number': {
      const min = Number(schema.minimum ?? schema.exclusiveMinimum ?? 0);
      const max = Number(schema.maximum ?? schema.exclusiveMaximum ?? min + 100);
      const value = min + (max - min) * random();
      return typeOf(schema) === 'integer'
        ? Math.min(Math.max(Math.round(value), Math.ceil(min)), Math.floor(max))
        : value;
    }
    case 'boolean':
      return random() < 0.5;
    case 'string': {
      switch (schema.format) {
        case 'date-time':
          return REFERENCE;
        case 'date':
          return REFERENCE.slice(0, 10);
        case 'email':
          return `fuzz${Math.floor(random() * 1e6)}@example.com`;
        case 'uri':
          return 'https://example.com/fuzz';
        case 'uuid':
          return '00000000-0000-4000-8000-000000000000';
      }
      const min = Number(schema.minLength ?? 1);
      const max = Number(schema.maxLength ?? 24);
      const length = Math.max(min, Math.min(max, 6 + Math.floor(random() * 8)));
      let text = '';
      while (text.length < length) text += 'fuzzABC123'[Math.floor(random() * 10)];
      return text;
    }
    default:
      return 'fuzz';
  }
}

/** Values no sane schema accepts for a field of this type (or accepts only as a boundary). */
function nasty(schema: Schema, random: () => number): unknown {
  const type = typeOf(schema);
  const common: unknown[] = [null, {}, [], 'x'.repeat(20_000), '', -1, 1e308, 2 ** 63, 'not-a-date', '💥\u0000%', true];
  const typed: Record<string, unknown[]> = {
    string: [12, '', ' ', 'x'.repeat(20_000), '9999-99-99T99:99:99Z', 'NOT_AN_ENUM', "'; DROP TABLE x; --", '\u0000'],
    integer: ['12', -1, -2147483649, 2 ** 53, 1.5, 1e308],
    number: ['1.5', -1e308, 1e308, Number.MAX_SAFE_INTEGER * 10],
    boolean: ['true', 0, 1],
    array: [{}, 'a', [null], Array.from({ length: 2000 }, () => 'x')],
    object: [[], 'a', 5],
  };
  const dates =
    schema.format === 'date-time' || schema.format === 'date'
      ? [
          '0000-01-01T00:00:00Z',
          '9999-12-31T23:59:59Z',
          '2026-02-30T00:00:00Z',
          '1969-12-31T23:59:59.999Z',
          '2026-01-15',
        ]
      : [];
  const bounds =
    typeof schema.maximum === 'number' || typeof schema.minimum === 'number'
      ? [Number(schema.maximum ?? 0) + 1, Number(schema.minimum ?? 0) - 1]
      : [];
  const pool = [...dates, ...dates, ...bounds, ...(typed[type ?? ''] ?? []), ...common];
  return pool[Math.floor(random() * pool.length)];
}

/** The JSON paths of a value's nested leaves (below the top level), for mutations deep inside a body. */
function nestedLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return path.length > 1 ? [path] : [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value as Json);
  return entries.flatMap(([key, child]) => nestedLeaves(child, [...path, key]));
}

function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Json) }) as Record<string | number, unknown>;
  copy[head] = withLeaf(copy[head], rest, leaf);
  return copy;
}

interface Operation {
  operationId: string;
  method: string;
  path: string;
  schema: Json;
}

function operationOf(operationId: string, method: string, path: string): Operation {
  const item = (doc.paths as Json)[path] as Json;
  return { operationId, method, path, schema: item[method] as Json };
}

function parametersOf(operation: Operation): Schema[] {
  const item = (doc.paths as Json)[operation.path] as Json;
  return [...((item.parameters as unknown[]) ?? []), ...((operation.schema.parameters as unknown[]) ?? [])].map(
    resolve,
  );
}

function bodySchemaOf(operation: Operation): Schema | undefined {
  const body = resolve(operation.schema.requestBody);
  const content = body.content as Record<string, { schema?: Json }> | undefined;
  return content?.['application/json']?.schema;
}

interface Case {
  label: string;
  /** Path ids: the caller's own rows, ids of no row, or the Super Admin's rows (another scope's, for a narrow role). */
  ids: 'real' | 'unknown' | 'foreign';
  /** A caller that is not signed in: no Authorization header, or a token no session has. */
  caller?: 'anonymous' | 'forged';
  query: Record<string, string>;
  body?: { json: unknown } | { raw: string };
}

/** Query values the parameter's schema accepts. */
function validQuery(operation: Operation, random: () => number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const parameter of parametersOf(operation)) {
    if (parameter.in !== 'query') continue;
    const name = parameter.name as string;
    if (name === 'filter' || name === 'sort') continue;
    if (!parameter.required && random() < 0.4) continue;
    const value = valid(parameter.schema ?? {}, random);
    out[name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
}

function garbageQuery(operation: Operation, random: () => number): Record<string, string>[] {
  const names = parametersOf(operation)
    .filter((p) => p.in === 'query')
    .map((p) => p.name as string);
  if (names.length === 0) return [{ unexpected: 'x' }];
  const out: Record<string, string>[] = [];
  const garbage = ['', '-1', '0', '99999999999999999999', 'abc', 'NaN', '2026-13-45', 'x'.repeat(5000), '[]', '%00'];
  const pick = () => garbage[Math.floor(random() * garbage.length)] as string;
  const all: Record<string, string> = {};
  for (const name of names) {
    if (name === 'filter') all['filter[nope]'] = pick();
    else all[name] = pick();
  }
  out.push(all);
  if (names.includes('page')) out.push({ page: '2147483648', pageSize: '1000' }, { page: '999999', pageSize: '1' });
  if (names.includes('sort')) out.push({ sort: 'nope:sideways,,:asc,id:desc;drop' }, { sort: 'x'.repeat(3000) });
  if (names.includes('filter')) {
    out.push({ 'filter[status]': 'NOT_A_STATUS', 'filter[id]': 'x,y,,', 'filter[__proto__]': 'x' });
    out.push({ filter: 'plain' });
  }
  if (names.includes('from')) out.push({ from: 'yesterday', to: '2026-02-30T25:61:00Z' });
  if (names.includes('from')) out.push({ from: '2030-01-01T00:00:00Z', to: '1970-01-01T00:00:00Z' });
  if (names.includes('page'))
    out.push({ page: '99999999999999999999' }, { pageSize: '1000', page: '9007199254740993' });
  if (names.includes('sort')) out.push({ sort: 'id:asc,createdAt:desc,name,status:DESC' });
  if (names.includes('filter')) out.push({ 'filter[status]': 'ACTIVE,,Active', 'filter[createdAt]': 'x' });
  return out;
}

/** One query parameter at its edge while the others stay valid, so the service (not ajv) meets it. */
function edgeQueries(operation: Operation, random: () => number): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const parameter of parametersOf(operation)) {
    if (parameter.in !== 'query' || ['page', 'pageSize', 'sort', 'filter'].includes(parameter.name as string)) continue;
    const schema = flatten(parameter.schema ?? {}, random);
    const type = typeOf(schema);
    const edges =
      schema.format === 'date-time'
        ? ['1900-01-01T00:00:00Z', '9999-12-31T23:59:59Z']
        : type === 'integer' || type === 'number'
          ? [String(schema.maximum ?? 2 ** 31), String(schema.minimum ?? -1), '1e300']
          : type === 'array'
            ? [Array.from({ length: 300 }, (_, i) => `x${i}`).join(','), ',,,']
            : ['', 'x'.repeat(2000), ' %_\\*'];
    const edge = edges[Math.floor(random() * edges.length)] as string;
    out.push({ ...validQuery(operation, random), [parameter.name as string]: edge });
  }
  return out.slice(0, 4);
}

function casesOf(operation: Operation, full: boolean): Case[] {
  const random = prng(`${process.env.FUZZ_SEED ?? ''}${operation.operationId}`);
  const hasPathIds = operation.path.includes('{');
  const bodySchema = bodySchemaOf(operation);
  const cases: Case[] = [];
  const validBody = bodySchema ? valid(bodySchema, random) : undefined;
  const withBody = (json: unknown) => (bodySchema ? { json } : undefined);
  cases.push({ label: 'valid', ids: 'real', query: validQuery(operation, random), body: withBody(validBody) });
  // The same write again: a duplicate of what the first one created is a 409, never a database error.
  if (bodySchema && operation.method !== 'get')
    cases.push({ label: 'valid again', ids: 'real', query: cases[0]?.query ?? {}, body: withBody(validBody) });
  if (hasPathIds) cases.push({ label: 'unknown id', ids: 'unknown', query: {}, body: withBody(validBody) });
  if (!full) {
    if (hasPathIds) cases.push({ label: 'foreign id', ids: 'foreign', query: {}, body: withBody(validBody) });
    cases.push({ label: 'anonymous', ids: 'real', query: {}, body: withBody(validBody), caller: 'anonymous' });
    cases.push({ label: 'forged token', ids: 'real', query: {}, body: withBody(validBody), caller: 'forged' });
    if (bodySchema) cases.push({ label: 'empty body', ids: 'real', query: {}, body: { json: {} } });
    return cases;
  }
  for (const query of garbageQuery(operation, random))
    cases.push({ label: 'garbage query', ids: 'real', query, body: withBody(validBody) });
  for (const query of edgeQueries(operation, random))
    cases.push({ label: 'edge query', ids: 'real', query, body: withBody(validBody) });
  if (bodySchema) {
    cases.push({ label: 'no body', ids: 'real', query: {} });
    const flat = flatten(bodySchema, random);
    cases.push({ label: 'malformed JSON', ids: 'real', query: {}, body: { raw: '{"a": [1, 2' } });
    cases.push({ label: 'empty body', ids: 'real', query: {}, body: { json: {} } });
    cases.push({ label: 'null body', ids: 'real', query: {}, body: { raw: 'null' } });
    cases.push({ label: 'array for object', ids: 'real', query: {}, body: { json: [validBody] } });
    if (typeOf(flat) === 'object' && typeof validBody === 'object' && validBody !== null && !Array.isArray(validBody)) {
      const properties = Object.entries((flat.properties as Json) ?? {});
      cases.push({
        label: 'extra field',
        ids: 'real',
        query: {},
        body: { json: { ...validBody, fuzzExtra: 'x', __proto__x: 1 } },
      });
      const required = (flat.required as string[]) ?? [];
      if (required.length > 0) {
        const { [required[Math.floor(random() * required.length)] as string]: _dropped, ...rest } = validBody as Json;
        cases.push({ label: 'missing required', ids: 'real', query: {}, body: { json: rest } });
      }
      // Every field wrong at once, then a few single-field mutations.
      const allWrong: Json = {};
      for (const [name, property] of properties) allWrong[name] = nasty(flatten(property, random), random);
      cases.push({ label: 'all fields nasty', ids: 'real', query: {}, body: { json: allWrong } });
      for (let i = 0; i < Math.min(2, properties.length); i += 1) {
        const [name, property] = properties[Math.floor(random() * properties.length)] as [string, unknown];
        const value = nasty(flatten(property, random), random);
        cases.push({
          label: `nasty ${name}=${JSON.stringify(value)?.slice(0, 40)}`,
          ids: 'real',
          query: {},
          body: { json: { ...(validBody as Json), [name]: value } },
        });
      }
      // Deep inside: one nested leaf (an array item, a sub-object's field) made nasty.
      const leaves = nestedLeaves(validBody);
      for (let i = 0; i < Math.min(2, leaves.length); i += 1) {
        const leafPath = leaves[Math.floor(random() * leaves.length)] as (string | number)[];
        const value = nasty({}, random);
        cases.push({
          label: `nested ${leafPath.join('.')}=${JSON.stringify(value)?.slice(0, 40)}`,
          ids: 'real',
          query: {},
          body: { json: withLeaf(validBody, leafPath, value) },
        });
      }
      // Strings at their edges: empty and huge.
      const edges: Json = { ...(validBody as Json) };
      const huge: Json = { ...(validBody as Json) };
      for (const [name, property] of properties) {
        const type = typeOf(flatten(property, random));
        if (type === 'string') {
          edges[name] = '';
          huge[name] = 'Ω'.repeat(100_000);
        } else if (type === 'integer' || type === 'number') {
          edges[name] = -1;
          huge[name] = 1e300;
        }
      }
      cases.push({ label: 'empty strings, negative numbers', ids: 'real', query: {}, body: { json: edges } });
      cases.push({ label: 'huge strings and numbers', ids: 'real', query: {}, body: { json: huge } });
    }
  }
  return cases;
}

/** Where the ids of a path's parameters come from: the list one level up (`/vehicles/{id}/trips/{tripId}`). */
async function realIds(server: TestServer, token: string, path: string): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i += 1) {
    const match = /^\{(.+)\}$/.exec(segments[i] as string);
    if (!match) continue;
    const listPath = segments
      .slice(0, i)
      .map((segment) => segment.replace(/^\{(.+)\}$/, (_, name: string) => ids[name] ?? 'none'))
      .join('/');
    ids[match[1] as string] = (await firstIdOf(server, token, listPath)) ?? 'none';
  }
  return ids;
}

const idCache = new Map<string, string | undefined>();
async function firstIdOf(server: TestServer, token: string, listPath: string): Promise<string | undefined> {
  const key = `${token}|${listPath}`;
  if (idCache.has(key)) return idCache.get(key);
  // A device with battery cycles is a BMS: pick the first device that has any.
  let id: string | undefined;
  const response = await server.call({ method: 'GET', url: `/api${listPath}?pageSize=50`, token });
  if (response.statusCode === 200) {
    const body = response.json() as unknown;
    const items = (Array.isArray(body) ? body : ((body as Json).items ?? (body as Json).sessions ?? [])) as Json[];
    id = items.find((item) => typeof item?.id === 'string')?.id as string | undefined;
  }
  idCache.set(key, id);
  return id;
}

function urlOf(path: string, ids: Record<string, string>, query: Record<string, string>): string {
  const filled = path.replace(/\{(.+?)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? 'none'));
  const search = new URLSearchParams(query).toString();
  return `/api${filled}${search ? `?${search}` : ''}`;
}

const UNKNOWN_IDS = ['00000000-0000-4000-8000-00000000dead', 'nope', "x'; --", 'x'.repeat(3000)];

/** Operations that end the caller's session or change its password run last (their valid case may sign it out). */
const LAST = new Set(['logout', 'signOutOtherSessions', 'endSession', 'changePassword']);
const ordered = [...operations].sort(
  ([a, x], [b, y]) =>
    Number(LAST.has(a)) - Number(LAST.has(b)) || Number(x.method === 'delete') - Number(y.method === 'delete'),
);

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  const token = await signIn('SA');
  for (const listPath of new Set(Object.values(ID_SOURCES))) {
    const response = await server.call({ method: 'GET', url: `/api${listPath}?pageSize=5`, token });
    const items = ((response.json() as Json).items ?? []) as Json[];
    knownIds.set(
      listPath,
      items.map((item) => item.id).filter((id): id is string => typeof id === 'string'),
    );
  }
});
afterAll(() => server?.close());

let saToken: string | undefined;
/** A Super Admin's token for reading other scopes' ids (signed in again once the SA sweep has signed it out). */
async function superAdminToken(): Promise<string> {
  const check = saToken ? await server.call({ method: 'GET', url: '/api/auth/me', token: saToken }) : undefined;
  if (check?.statusCode !== 200) saToken = await signIn('SA');
  return saToken as string;
}

async function signIn(role: string): Promise<string> {
  const response = await server.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: `${role.toLowerCase()}@voltline.demo`, password: 'demo1234' },
  });
  return (response.json() as { token: string }).token;
}

test('the fuzzer covers every operation of the contract', () => {
  expect(operations.length).toBeGreaterThan(150);
});

// FUZZ_ROLES=OEMA,FA explores other narrow roles; the default is the Super Admin (every case) and a driver.
const ROLES: [string, boolean][] = [
  ['SA', true],
  ...(process.env.FUZZ_ROLES ?? 'DR').split(',').map((role): [string, boolean] => [role, false]),
];
for (const [role, full] of ROLES) {
  test(`as ${role}: no 5xx and no schema violation for any generated request`, async () => {
    let token = await signIn(role);
    const problems: string[] = [];
    let requests = 0;
    for (const [operationId, { method, path }] of ordered) {
      const started = performance.now();
      const operation = operationOf(operationId, method, path);
      const real = await realIds(server, token, path);
      const foreign = full ? real : await realIds(server, await superAdminToken(), path);
      for (const [index, fuzzCase] of casesOf(operation, full).entries()) {
        const ids =
          fuzzCase.ids === 'real'
            ? real
            : fuzzCase.ids === 'foreign'
              ? foreign
              : Object.fromEntries(Object.keys(real).map((name) => [name, UNKNOWN_IDS[index % UNKNOWN_IDS.length]]));
        const url = urlOf(path, ids as Record<string, string>, fuzzCase.query);
        const options: InjectOptions & { token?: string } = {
          method: method.toUpperCase() as InjectOptions['method'],
          url,
          token: fuzzCase.caller === 'anonymous' ? undefined : fuzzCase.caller === 'forged' ? `${token}x'--` : token,
        };
        if (fuzzCase.body && 'json' in fuzzCase.body) options.payload = fuzzCase.body.json as InjectOptions['payload'];
        if (fuzzCase.body && 'raw' in fuzzCase.body) {
          options.payload = fuzzCase.body.raw;
          options.headers = { 'content-type': 'application/json' };
        }
        requests += 1;
        const response: LightMyRequestResponse = await server.call(options);
        if (process.env.FUZZ_TRACE)
          console.log(
            'TRACE',
            role,
            operationId,
            fuzzCase.label.slice(0, 20),
            response.statusCode,
            response.statusCode >= 400 ? response.body.slice(0, 160) : '',
          );
        const where = `${operationId} ${method.toUpperCase()} ${url.slice(0, 120)} [${fuzzCase.label}]`;
        if (response.statusCode >= 500) {
          problems.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          continue;
        }
        try {
          expectContract(method, path, response);
        } catch (error) {
          problems.push(
            `${where}: ${response.statusCode} ${(error as Error).message.split('\n').slice(0, 12).join(' ')}`.slice(
              0,
              900,
            ),
          );
        }
        // A session ended by a valid case (logout, sign-out) is not a finding: sign in again.
        if (
          (response.statusCode === 401 && fuzzCase.caller === undefined) ||
          (LAST.has(operationId) && response.statusCode < 300)
        )
          token = await signIn(role);
      }
      if (process.env.FUZZ_TRACE) console.log('TIME', role, operationId, Math.round(performance.now() - started));
    }
    expect(requests).toBeGreaterThan(operations.length);
    expect(problems).toEqual([]);
  }, 300_000);
}
