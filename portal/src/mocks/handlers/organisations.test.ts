import { describe, expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';

describe('organisation lists', () => {
  test.each(['/oems', '/dealers', '/fleets', '/ev-owners', '/drivers'])(
    '%s answers 401 without a token',
    async (path) => {
      expect((await call('GET', path)).status).toBe(401);
    },
  );

  test('lists every OEM for the platform, sorted by name', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/oems', { token });
    expect(res.body.total).toBe(3);
    const names = res.body.items.map((o: { name: string }) => o.name);
    expect(names).toEqual([...names].sort());
  });

  test('shows an OEM only itself and its service centres', async () => {
    const token = await signIn('OEMA');
    expect((await call('GET', '/oems', { token })).body.items.map((o: { id: string }) => o.id)).toEqual(['oem-01']);
    const dealers = await call('GET', '/dealers?pageSize=100', { token });
    expect(dealers.body.total).toBeGreaterThan(0);
    for (const d of dealers.body.items) expect(d.oemId).toBe('oem-01');
  });

  test('shows a service centre its own record and its fleets', async () => {
    const token = await signIn('DA');
    expect((await call('GET', '/dealers', { token })).body.items.map((d: { id: string }) => d.id)).toEqual([
      'dlr-0001',
    ]);
    const fleets = await call('GET', '/fleets?pageSize=100', { token });
    for (const f of fleets.body.items) expect(f.dealerId).toBe('dlr-0001');
  });

  test('shows a fleet its drivers only', async () => {
    const token = await signIn('FA');
    const res = await call('GET', '/drivers?pageSize=100', { token });
    expect(res.body.total).toBe(4);
    for (const d of res.body.items) expect(d.fleetId).toBe('flt-0001');
  });

  test('shows an OEM the EV owners of its vehicles and those its service centres look after (decision 0078)', async () => {
    const token = await signIn('OEMA');
    const db = await getWorldDb();
    const expected = new Set(
      db.tables.vehicles
        .all()
        .filter((v) => v.oemId === 'oem-01' && v.evOwnerId)
        .map((v) => v.evOwnerId),
    );
    for (const o of db.tables.evOwners.all())
      if (o.dealerId && db.tables.dealers.get(o.dealerId)?.oemId === 'oem-01') expected.add(o.id);
    const res = await call('GET', '/ev-owners?pageSize=1000', { token });
    expect(res.body.total).toBe(expected.size);
  });

  test('filters dealers by city and searches fleets by name', async () => {
    const token = await signIn('SA');
    const dealers = await call('GET', '/dealers?filter[city]=Pune&pageSize=100', { token });
    for (const d of dealers.body.items) expect(d.city).toBe('Pune');
    const db = await getWorldDb();
    const fleet = db.tables.fleets.all()[1]!;
    const fleets = await call('GET', `/fleets?q=${encodeURIComponent(fleet.name)}`, { token });
    expect(fleets.body.items.map((f: { id: string }) => f.id)).toContain(fleet.id);
  });

  test('answers 403 to a role with no vehicle or organisation access', async () => {
    const token = await signIn('TPMSA');
    expect((await call('GET', '/fleets', { token })).status).toBe(403);
  });
});
