import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULT_BASELINES, INDIA_GRID_INTENSITY } from '@/domain/carbon';
import { supplyContractOf } from '../../src/db/seed-source';
import { DEFAULT_SEED } from '../../src/db/seed-source';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

const VALID = { gridIntensity: 0.65, chargingLossPct: 12, baseline2w: 50, baseline3w: 110 };
const URL = '/api/analysis/carbon-settings';

async function as(role: string, method: 'GET' | 'PUT', payload?: object) {
  return server.call({ method, url: URL, token: await server.tokenOf(role), ...(payload ? { payload } : {}) });
}
const auditCount = async () =>
  (await server.database.db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
const carbonRows = () =>
  server.database.db.selectFrom('company_settings').select(['tenant_id', 'carbon']).orderBy('tenant_id').execute();

test('an organisation that saved nothing reads the defaults; without ce 403', async () => {
  const res = await as('OEMA', 'GET');
  expectContract('get', '/analysis/carbon-settings', res);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({
    saved: false,
    organisationKind: 'oem',
    gridIntensity: INDIA_GRID_INTENSITY,
    baseline2w: DEFAULT_BASELINES['2 Wheeler'].gPerKm,
    mayEditContract: false,
    supplyContract: null,
    updatedAt: null,
  });
  const oem = await server.database.db.selectFrom('oems').select('name').where('id', '=', 'oem-01').executeTakeFirst();
  expect(res.json().organisation).toBe(oem?.name);
  const refused = await as('DR', 'GET');
  expectContract('get', '/analysis/carbon-settings', refused);
  expect(refused.statusCode).toBe(403);
});

test('a baseline of 0 or below is a field error, saving needs ce with Configure; nothing written', async () => {
  const rows = await carbonRows();
  const audit = await auditCount();
  const bad = await as('OEMA', 'PUT', { ...VALID, baseline2w: 0, baseline3w: -5, regions: 'Pune' });
  expectContract('put', '/analysis/carbon-settings', bad);
  expect(bad.statusCode).toBe(400);
  expect(bad.json().fieldErrors).toEqual({
    baseline2w: 'A 2 Wheeler baseline must be more than 0.',
    baseline3w: 'A 3 Wheeler baseline must be more than 0.',
    regions: 'Write regions as City:intensity, separated by commas (e.g. Pune:0.65).',
  });
  const missing = await as('OEMA', 'PUT', { gridIntensity: 0.5 });
  expectContract('put', '/analysis/carbon-settings', missing);
  expect(missing.statusCode).toBe(400);
  const dealer = await as('DA', 'PUT', VALID);
  expectContract('put', '/analysis/carbon-settings', dealer);
  expect(dealer.statusCode).toBe(403);
  const contract = { supplier: 'Rooftop Solar Co', instrument: 'PPA', intensity: 0.07 };
  const notAFleet = await as('OEMA', 'PUT', { ...VALID, supplyContract: contract });
  expect(notAFleet.json().fieldErrors).toEqual({ supplyContract: 'Only a fleet enters its own supply contract.' });
  expect(await carbonRows()).toEqual(rows);
  expect(await auditCount()).toBe(audit);
});

test("saved settings are the organisation's: audited, read by its other staff, not another's", async () => {
  const saved = await as('OEMA', 'PUT', { ...VALID, baseline2wSource: 'Fuel logs', regions: 'Pune:0.6' });
  expectContract('put', '/analysis/carbon-settings', saved);
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json()).toMatchObject({ ...VALID, saved: true, regions: 'Pune:0.6', baseline2wSource: 'Fuel logs' });
  expect(saved.json().updatedBy).toEqual(expect.any(String));
  const read = await as('OEME', 'GET');
  expect(read.json()).toMatchObject({ ...VALID, saved: true, baseline2wSource: 'Fuel logs' });
  expect((await as('SA', 'GET')).json()).toMatchObject({ saved: false, organisationKind: 'platform' });
  const entry = await server.database.db
    .selectFrom('audit')
    .selectAll()
    .orderBy('seq', 'desc')
    .executeTakeFirstOrThrow();
  expect(entry).toMatchObject({ entity: 'Settings', entity_id: 'oem-01', action: 'Update' });
  expect(entry.summary).toMatch(/^Saved the carbon method settings of /);
  // The OEM's company settings (delivery methods) are the same row, untouched.
  expect(
    (await server.call({ method: 'GET', url: '/api/settings', token: await server.tokenOf('OEMA') })).json(),
  ).toMatchObject({ tenantId: 'oem-01', smtpSender: null });
});

test('a fleet reads the supply contract it came with, and enters its own (checked)', async () => {
  const fa = await server.database.db
    .selectFrom('users')
    .select('fleet_id')
    .where('email', '=', 'fa@voltline.demo')
    .executeTakeFirstOrThrow();
  const seeded = supplyContractOf(DEFAULT_SEED, { id: fa.fleet_id as string });
  const settings = await as('FA', 'GET');
  expectContract('get', '/analysis/carbon-settings', settings);
  expect(settings.json()).toMatchObject({ organisationKind: 'fleet', mayEditContract: true, supplyContract: seeded });
  const bad = await as('FA', 'PUT', { ...VALID, supplyContract: { supplier: '', instrument: 'PPA', intensity: -1 } });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().fieldErrors).toEqual({
    'supplyContract.supplier': 'Enter the supplier.',
    'supplyContract.intensity': "The contract's intensity must be between 0 and 2 t CO2/MWh.",
  });
  const contract = { supplier: 'Rooftop Solar Co', instrument: 'On-site solar PPA', intensity: 0.07 };
  const ok = await as('FA', 'PUT', { ...VALID, supplyContract: contract });
  expect(ok.statusCode, ok.body).toBe(200);
  expect(ok.json().supplyContract).toEqual(contract);
  // Saved again without a contract: the one it entered stays; null removes it.
  expect((await as('FA', 'PUT', VALID)).json().supplyContract).toEqual(contract);
  expect((await as('FA', 'PUT', { ...VALID, supplyContract: null })).json().supplyContract).toBeNull();
  expect((await as('FA', 'GET')).json().supplyContract).toBeNull();
});
