import { expect, test } from 'vitest';
import { DEFAULT_BASELINES, INDIA_GRID_INTENSITY } from '@/domain/carbon';
import { call, signIn } from '../test/api-test-client';
import { forgetWorldDb } from '../world/world-instance';

const VALID = { gridIntensity: 0.65, chargingLossPct: 12, baseline2w: 50, baseline3w: 110 };

test('an organisation that saved nothing reads the defaults', async () => {
  const res = await call('GET', '/analysis/carbon-settings', { token: await signIn('OEMA') });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    saved: false,
    organisationKind: 'oem',
    gridIntensity: INDIA_GRID_INTENSITY,
    baseline2w: DEFAULT_BASELINES['2 Wheeler'].gPerKm,
    mayEditContract: false,
    updatedAt: null,
  });
  expect((await call('GET', '/analysis/carbon-settings', { token: await signIn('DR') })).status).toBe(403);
});

test('a baseline of 0 or below is a field error and nothing is saved; saving needs ce with Configure', async () => {
  const token = await signIn('OEMA');
  const bad = await call('PUT', '/analysis/carbon-settings', {
    token,
    body: { ...VALID, baseline2w: 0, baseline3w: -5, regions: 'Pune' },
  });
  expect(bad.status).toBe(400);
  expect(bad.body.fieldErrors).toEqual({
    baseline2w: 'A 2 Wheeler baseline must be more than 0.',
    baseline3w: 'A 3 Wheeler baseline must be more than 0.',
    regions: 'Write regions as City:intensity, separated by commas (e.g. Pune:0.65).',
  });
  expect((await call('GET', '/analysis/carbon-settings', { token })).body.saved).toBe(false);
  // A service centre admin reads carbon figures but does not configure them.
  const dealer = await signIn('DA');
  expect((await call('PUT', '/analysis/carbon-settings', { token: dealer, body: VALID })).status).toBe(403);
});

test('saved settings are the organisation’s: audited, shared by its users, applied to its report, kept over a reload', async () => {
  const admin = await signIn('OEMA');
  const saved = await call('PUT', '/analysis/carbon-settings', {
    token: admin,
    body: { ...VALID, baseline2wSource: 'Our scooter fleet, 2025 fuel logs', regions: 'Pune:0.6' },
  });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({ ...VALID, saved: true, regions: 'Pune:0.6', updatedBy: expect.any(String) });

  forgetWorldDb();
  // An employee of the same OEM, in a new session, reads the same settings.
  const employee = await signIn('OEME');
  const read = await call('GET', '/analysis/carbon-settings', { token: employee });
  expect(read.body).toMatchObject({ ...VALID, saved: true, baseline2wSource: 'Our scooter fleet, 2025 fuel logs' });
  const report = await call('GET', '/analysis/carbon', { token: employee });
  expect(report.status).toBe(200);
  expect(report.body.settings).toMatchObject({
    gridIntensity: 0.65,
    chargingLossPct: 12,
    regions: [{ region: 'Pune', intensity: 0.6 }],
    baselines: [
      { vehicleType: '2 Wheeler', gPerKm: 50, source: 'Our scooter fleet, 2025 fuel logs' },
      { vehicleType: '3 Wheeler', gPerKm: 110 },
    ],
  });
  // A factor in the query still wins (a what-if that is not saved).
  const whatIf = await call('GET', '/analysis/carbon?gridIntensity=0.5', { token: employee });
  expect(whatIf.body.settings.gridIntensity).toBe(0.5);
  // Another organisation is not affected.
  const other = await call('GET', '/analysis/carbon-settings', { token: await signIn('SA') });
  expect(other.body).toMatchObject({ saved: false, organisationKind: 'platform' });

  const audit = await call('GET', '/audit?filter[entity]=Settings&sort=seq:desc', { token: await signIn('SA') });
  expect(audit.body.items[0]).toMatchObject({ action: 'Update', summary: expect.stringMatching(/^Saved the carbon/) });
});

test('a fleet enters its own supply contract, used for its market-based figures; no one else may', async () => {
  const fleet = await signIn('FA');
  const settings = await call('GET', '/analysis/carbon-settings', { token: fleet });
  expect(settings.body).toMatchObject({ organisationKind: 'fleet', mayEditContract: true });
  const bad = await call('PUT', '/analysis/carbon-settings', {
    token: fleet,
    body: { ...VALID, supplyContract: { supplier: '', instrument: 'PPA', intensity: -1 } },
  });
  expect(bad.body.fieldErrors).toEqual({
    'supplyContract.supplier': 'Enter the supplier.',
    'supplyContract.intensity': "The contract's intensity must be between 0 and 2 t CO2/MWh.",
  });
  const contract = { supplier: 'Rooftop Solar Co', instrument: 'On-site solar PPA, 90 % renewable', intensity: 0.07 };
  const ok = await call('PUT', '/analysis/carbon-settings', {
    token: fleet,
    body: { ...VALID, supplyContract: contract },
  });
  expect(ok.status).toBe(200);
  expect(ok.body.supplyContract).toEqual(contract);
  const report = await call('GET', '/analysis/carbon', { token: fleet });
  const own = report.body.byFleet.find((f: { fleetId: string | null }) => f.fleetId !== null);
  expect(own.contract).toEqual(contract);
  expect(own.marketKg).toBeCloseTo(own.locationKg * (0.07 / 0.65), 6);

  const oem = await call('PUT', '/analysis/carbon-settings', {
    token: await signIn('OEMA'),
    body: { ...VALID, supplyContract: contract },
  });
  expect(oem.body.fieldErrors).toEqual({ supplyContract: 'Only a fleet enters its own supply contract.' });
});

test('an export of analysis or carbon figures is recorded in the audit history (Analysis Data, Export)', async () => {
  const token = await signIn('OEMA');
  const body = {
    kind: 'compare',
    format: 'csv',
    from: '2025-12-01T00:00:00.000Z',
    to: '2025-12-31T23:59:59.999Z',
    rows: 3,
    subject: 'Energy per km of 3 models',
  };
  const res = await call('POST', '/analysis/exports', { token, body });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    entity: 'Analysis Data',
    action: 'Export',
    summary: 'Exported the analysis comparison as a CSV of 3 rows, 2025-12-01 to 2025-12-31: Energy per km of 3 models',
  });
  const png = await call('POST', '/analysis/exports', {
    token,
    body: { ...body, kind: 'carbon', format: 'png', rows: 0 },
  });
  expect(png.body.summary).toMatch(/^Exported the carbon emission report as a PNG chart/);
  const audit = await call('GET', '/audit?filter[entity]=Analysis Data&sort=seq:desc', { token: await signIn('SA') });
  expect(audit.body.items.slice(0, 2).map((a: { entityId: string }) => a.entityId)).toEqual([
    'carbon-emission',
    'analysis-compare',
  ]);
  // A fleet employee reads analysis but may not export it; a bad body says what is missing.
  const employee = await signIn('FE');
  expect((await call('POST', '/analysis/exports', { token: employee, body })).status).toBe(403);
  const bad = await call('POST', '/analysis/exports', { token, body: { kind: 'pdf', from: 'x', rows: -1 } });
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['format', 'from', 'kind', 'rows', 'to']);
});
