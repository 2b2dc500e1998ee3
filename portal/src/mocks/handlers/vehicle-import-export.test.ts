import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';

const row = (n: number) => ({
  vin: `MDI${String(n).padStart(14, '0')}`,
  registrationNumber: `KA01IM${n}`,
  modelId: 'mdl-ev-001',
  connectivity: '4G',
});

describe('POST /vehicles/import', () => {
  test('creates the valid rows and reports the bad ones by row', async () => {
    const token = await signIn('SA');
    const rows = [row(1), { ...row(2), connectivity: 'carrier pigeon' }, row(3), { ...row(4), vin: row(1).vin }];
    const res = await call('POST', '/vehicles/import', { token, body: { rows } });
    expect(res.status).toBe(200);
    expect(res.body.created.map((v: { vin: string }) => v.vin)).toEqual([row(1).vin, row(3).vin]);
    expect(res.body.errors).toEqual([
      { row: 1, fieldErrors: { connectivity: 'Choose the connectivity.' } },
      { row: 3, fieldErrors: { vin: 'A vehicle with this VIN already exists.' } },
    ]);
  });

  test('is audited once as a bulk import', async () => {
    const token = await signIn('SA');
    await call('POST', '/vehicles/import', { token, body: { rows: [row(1), row(2)] } });
    const audit = await call('GET', '/audit?filter[action]=Bulk Import', { token });
    expect(audit.body.items).toEqual([expect.objectContaining({ summary: 'Imported 2 vehicles' })]);
  });

  test('refuses more than 500 rows at a time', async () => {
    const token = await signIn('SA');
    const res = await call('POST', '/vehicles/import', {
      token,
      body: { rows: Array.from({ length: 501 }, (_, i) => row(i)) },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.rows).toBe('Send at most 500 rows at a time.');
  });

  test('answers 403 without the Import permission', async () => {
    const token = await signIn('DE');
    expect((await call('POST', '/vehicles/import', { token, body: { rows: [row(1)] } })).status).toBe(403);
  });
});

describe('GET /vehicles/export', () => {
  async function exportCsv(query: string, role: 'SA' | 'DA' = 'SA') {
    const token = await signIn(role);
    const res = await fetch(new URL(`/api/vehicles/export${query}`, location.href), {
      headers: { Authorization: `Bearer ${token}` },
    });
    return {
      res,
      rows: Papa.parse<Record<string, string>>(await res.text(), { header: true, skipEmptyLines: true }).data,
    };
  }

  test('exports every match of the filters as CSV, unpaged', async () => {
    const { res, rows } = await exportCsv('?filter[connectivity]=GSM&sort=vin:asc');
    expect(res.headers.get('content-type')).toContain('text/csv');
    const db = await getWorldDb();
    expect(rows).toHaveLength(db.tables.vehicles.all().filter((v) => v.connectivity === 'GSM').length);
    expect(rows.every((r) => r.connectivity === 'GSM')).toBe(true);
    expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['vin', 'stateCode', 'lat', 'lng']));
  });

  test('exports only the caller scope', async () => {
    const { rows } = await exportCsv('', 'DA');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.dealerId === 'dlr-0001')).toBe(true);
  });

  test('is audited as an export', async () => {
    await exportCsv('?filter[isLive]=true');
    const token = await signIn('SA');
    const audit = await call('GET', '/audit?filter[action]=Export', { token });
    expect(audit.body.total).toBe(1);
  });
});
