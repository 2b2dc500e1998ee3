import { describe, expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';

describe('GET /faults', () => {
  test('answers 401 without a token', async () => {
    expect((await call('GET', '/faults')).status).toBe(401);
  });

  test('lists newest first with the total', async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const res = await call('GET', '/faults?pageSize=50', { token });
    expect(res.body.total).toBe(db.tables.faults.size);
    const times = res.body.items.map((f: { occurredAt: string }) => Date.parse(f.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test('filters by severity, kind and device kind', async () => {
    const token = await signIn('SA');
    const res = await call(
      'GET',
      '/faults?filter[severity]=4,5&filter[kind]=Fault&filter[deviceKind]=BMS&pageSize=1000',
      { token },
    );
    expect(res.body.total).toBeGreaterThan(0);
    for (const f of res.body.items) {
      expect([4, 5]).toContain(f.severity);
      expect(f).toMatchObject({ kind: 'Fault', deviceKind: 'BMS', scope: 'Component' });
    }
  });

  test('filters active faults', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/faults?filter[active]=true&pageSize=1000', { token });
    for (const f of res.body.items) expect(f.clearedAt).toBeNull();
  });

  test('filters the faults of one vehicle', async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const vehicleId = db.tables.faults.all()[0]!.vehicleId;
    const res = await call('GET', `/faults?filter[vehicleId]=${vehicleId}`, { token });
    expect(res.body.total).toBeGreaterThan(0);
    for (const f of res.body.items) expect(f.vehicleId).toBe(vehicleId);
  });

  test('shows a service centre only the faults of its vehicles', async () => {
    const token = await signIn('DA');
    const db = await getWorldDb();
    const mine = new Set(
      db.tables.vehicles
        .all()
        .filter((v) => v.dealerId === 'dlr-0001')
        .map((v) => v.id),
    );
    const res = await call('GET', '/faults?pageSize=1000', { token });
    expect(res.body.total).toBe(db.tables.faults.all().filter((f) => mine.has(f.vehicleId)).length);
    for (const f of res.body.items) expect(mine.has(f.vehicleId)).toBe(true);
  });

  test('rejects a filter value the contract does not have (decision 0110: it matched nothing before)', async () => {
    const token = await signIn('SA');
    for (const query of ['filter[severity]=9', 'filter[kind]=Warning', 'filter[active]=maybe']) {
      const res = await call('GET', `/faults?${query}`, { token });
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('invalid_query');
    }
  });

  test('rejects a bad date range', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/faults?from=yesterday', { token });
    expect(res.body).toMatchObject({ code: 'invalid_query', message: 'from must be an ISO 8601 date-time.' });
  });
});

describe('fault details and acknowledge', () => {
  test('answers one fault and 404 for an unknown one', async () => {
    const token = await signIn('SA');
    expect((await call('GET', '/faults/flt-evt-0000001', { token })).body.id).toBe('flt-evt-0000001');
    expect((await call('GET', '/faults/flt-evt-nope', { token })).status).toBe(404);
  });

  test('acknowledges once, keeping the first acknowledgement', async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const open = db.tables.faults
      .all()
      .find((f) => f.acknowledgedAt === null && db.tables.vehicles.get(f.vehicleId)?.oemId === 'oem-01')!;
    const first = await call('POST', `/faults/${open.id}/acknowledge`, { token });
    expect(first.body).toMatchObject({ acknowledgedBy: 'usr-sa', acknowledgedAt: expect.any(String) });
    const second = await call('POST', `/faults/${open.id}/acknowledge`, { token: await signIn('OEMA') });
    expect(second.status).toBe(200);
    expect(second.body.acknowledgedBy).toBe('usr-sa');
    expect(second.body.acknowledgedAt).toBe(first.body.acknowledgedAt);
  });

  test('a driver may read faults but not acknowledge them', async () => {
    const token = await signIn('DR');
    const list = await call('GET', '/faults', { token });
    expect(list.status).toBe(200);
    const db = await getWorldDb();
    const any = db.tables.faults.all()[0]!;
    expect((await call('POST', `/faults/${any.id}/acknowledge`, { token })).status).toBe(403);
  });
});
