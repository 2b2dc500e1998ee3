import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';

const row = (n: number) => ({ serialNumber: `BMS-IMP-${n}`, modelId: 'mdl-bms-001', firmwareVersion: '1.0.0' });

describe('POST /devices/import', () => {
  test('creates the valid rows unfitted and reports bad serial, unknown model and duplicates by row', async () => {
    const token = await signIn('SA');
    const existing = (await call('GET', '/devices?filter[type]=BMS&pageSize=1', { token })).body.items[0];
    const rows = [
      row(1),
      { ...row(2), serialNumber: 'BAD SERIAL!' },
      { ...row(3), modelId: 'mdl-mcu-001' },
      { ...row(4), serialNumber: existing.serialNumber },
      row(1),
      row(5),
    ];
    const res = await call('POST', '/devices/import', { token, body: { type: 'BMS', rows } });
    expect(res.status).toBe(200);
    expect(res.body.created.map((d: { serialNumber: string }) => d.serialNumber)).toEqual(['BMS-IMP-1', 'BMS-IMP-5']);
    expect(res.body.created[0]).toMatchObject({ type: 'BMS', vehicleId: null, bms: { soc: 0, soh: 100 } });
    expect(res.body.errors).toEqual([
      { row: 1, fieldErrors: { serialNumber: 'Use letters, digits and - _ . / only.' } },
      { row: 2, fieldErrors: { modelId: 'Choose a BMS model.' } },
      { row: 3, fieldErrors: { serialNumber: 'Already in use.' } },
      { row: 4, fieldErrors: { serialNumber: 'Already in use.' } },
    ]);
  });

  test('writes the created devices to the world and audits the batch once', async () => {
    const token = await signIn('SA');
    await call('POST', '/devices/import', { token, body: { type: 'BMS', rows: [row(1), row(2)] } });
    const db = await getWorldDb();
    expect(db.tables.bmsDevices.all().filter((d) => d.serialNumber.startsWith('BMS-IMP-'))).toHaveLength(2);
    const audit = await call('GET', '/audit?filter[action]=Bulk Import', { token });
    expect(audit.body.items).toEqual([expect.objectContaining({ entity: 'BMS', summary: 'Imported 2 BMS devices' })]);
  });

  test('refuses a kind without a master list and more than 500 rows', async () => {
    const token = await signIn('SA');
    const logger = await call('POST', '/devices/import', { token, body: { type: 'LOGGER', rows: [row(1)] } });
    expect(logger.status).toBe(400);
    const many = Array.from({ length: 501 }, (_, i) => row(i));
    const big = await call('POST', '/devices/import', { token, body: { type: 'BMS', rows: many } });
    expect(big.body.fieldErrors.rows).toBe('Send at most 500 rows at a time.');
  });

  test('answers 403 without the Import bit of that kind', async () => {
    const bmsEmployee = await signIn('BMSE');
    const res = await call('POST', '/devices/import', { token: bmsEmployee, body: { type: 'BMS', rows: [row(1)] } });
    expect(res.status).toBe(403);
    const mcuAdmin = await signIn('MCUA');
    const other = await call('POST', '/devices/import', { token: mcuAdmin, body: { type: 'BMS', rows: [row(1)] } });
    expect(other.status).toBe(403);
  });
});

describe('GET /devices/export', () => {
  async function exportCsv(query: string, role: RoleCode = 'SA') {
    const token = await signIn(role);
    const res = await fetch(new URL(`/api/devices/export${query}`, location.href), {
      headers: { Authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    return { res, rows: Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data };
  }

  test('exports every device of the kind matching the filters, unpaged, with the spec columns', async () => {
    const { res, rows } = await exportCsv('?filter[type]=BMS&filter[chemistry]=1&sort=serialNumber:asc');
    expect(res.headers.get('content-type')).toContain('text/csv');
    const db = await getWorldDb();
    expect(rows).toHaveLength(db.tables.bmsDevices.all().filter((d) => d.bms?.chemistry === 1).length);
    expect(rows.length).toBeGreaterThan(25);
    expect(rows.every((r) => r.type === 'BMS' && r.chemistry === '1')).toBe(true);
    expect(Object.keys(rows[0] ?? {}).slice(0, 3)).toEqual(['serialNumber', 'modelId', 'firmwareVersion']);
    const serials = rows.map((r) => r.serialNumber ?? '');
    expect(serials).toEqual([...serials].sort());
  });

  test('needs exactly one device type', async () => {
    expect((await exportCsv('')).res.status).toBe(400);
  });

  test('answers 403 to a role that may not export that kind', async () => {
    expect((await exportCsv('?filter[type]=BMS', 'MCUA')).res.status).toBe(403);
  });

  test('is audited as an export of the kind', async () => {
    await exportCsv('?filter[type]=VCU');
    const token = await signIn('SA');
    const audit = await call('GET', '/audit?filter[action]=Export', { token });
    expect(audit.body.items).toEqual([expect.objectContaining({ entity: 'VCU' })]);
  });
});
