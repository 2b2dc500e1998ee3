import { describe, expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';

const fleetBody = { name: 'Metro Cabs', city: 'Pune', email: 'ops@metrocabs.example', phone: '+91 98450 12345' };

async function lastAudit(entityId: string) {
  const db = await getWorldDb();
  return db.tables.audit.all().filter((a) => a.entityId === entityId);
}

/** A vehicle in the caller's scope with neither a fleet nor an EV owner, of the given OEM. */
async function freeVehicle(oemId: string, dealerId?: string) {
  const db = await getWorldDb();
  const v = db.tables.vehicles
    .all()
    .find((x) => x.oemId === oemId && !x.fleetId && !x.evOwnerId && (!dealerId || x.dealerId === dealerId));
  if (!v) throw new Error('no free vehicle in the world');
  return v;
}

describe('organisation writes: who may', () => {
  test.each([
    ['POST', '/fleets'],
    ['PATCH', '/fleets/flt-0001'],
    ['POST', '/dealers/dlr-0001/status'],
    ['GET', '/ev-owners/evo-000001/details'],
    ['POST', '/drivers/drv-00001/assign-vehicles'],
  ])('%s %s answers 401 without a token', async (method, path) => {
    expect((await call(method, path, { body: {} })).status).toBe(401);
  });

  test('a driver may not add a fleet (403), a dealer may not add a service centre (403)', async () => {
    expect((await call('POST', '/fleets', { token: await signIn('DR'), body: fleetBody })).status).toBe(403);
    const da = await signIn('DA');
    expect((await call('POST', '/dealers', { token: da, body: {} })).status).toBe(403);
  });

  test('an employee may edit but not deactivate or assign (403)', async () => {
    const de = await signIn('DE');
    const own = (await call('GET', '/fleets', { token: de })).body.items[0];
    expect((await call('PATCH', `/fleets/${own.id}`, { token: de, body: { city: 'Nagpur' } })).status).toBe(200);
    expect((await call('POST', `/fleets/${own.id}/status`, { token: de, body: { status: 0 } })).status).toBe(403);
    expect(
      (await call('POST', `/fleets/${own.id}/assign-vehicles`, { token: de, body: { vehicleIds: ['x'] } })).status,
    ).toBe(403);
  });

  test('another organisation’s record is a 404, not a 403', async () => {
    const da = await signIn('DA');
    const db = await getWorldDb();
    const foreign = db.tables.fleets.all().find((f) => f.dealerId !== 'dlr-0001');
    expect((await call('PATCH', `/fleets/${foreign?.id}`, { token: da, body: { city: 'X' } })).status).toBe(404);
    expect((await call('GET', `/fleets/${foreign?.id}/details`, { token: da })).status).toBe(404);
    const fa = await signIn('FA');
    const otherDriver = db.tables.drivers.all().find((d) => d.fleetId !== 'flt-0001');
    expect((await call('GET', `/drivers/${otherDriver?.id}/details`, { token: fa })).status).toBe(404);
    expect((await call('GET', '/dealers/dlr-nope/details', { token: await signIn('SA') })).status).toBe(404);
  });
});

describe('creating and editing', () => {
  test('a service centre adds a fleet: it is its own, listed, and audited', async () => {
    const da = await signIn('DA');
    const res = await call('POST', '/fleets', { token: da, body: { ...fleetBody, address: '12, MG Road, Pune' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Metro Cabs', dealerId: 'dlr-0001', oemId: 'oem-01', status: 1 });
    const list = await call('GET', '/fleets?q=Metro%20Cabs', { token: da });
    expect(list.body.items.map((f: { id: string }) => f.id)).toEqual([res.body.id]);
    expect((await lastAudit(res.body.id)).map((a) => [a.entity, a.action])).toEqual([['Fleet', 'Add']]);
  });

  test('bad input gets a field error per field', async () => {
    const sa = await signIn('SA');
    const res = await call('POST', '/ev-owners', {
      token: sa,
      body: { name: '', email: 'not-an-email', phone: '12ab', city: 'Pune' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      name: 'Enter a name.',
      email: 'Enter a valid e-mail address.',
      phone: 'Enter a phone number of 8 to 15 digits, optionally starting with +.',
    });
    const driver = await call('POST', '/drivers', {
      token: await signIn('FA'),
      body: { name: 'A', phone: '+91 98450 00000', licenseNumber: '12', licenseExpiresOn: '2027-13-45' },
    });
    expect(Object.keys(driver.body.fieldErrors).sort()).toEqual(['licenseExpiresOn', 'licenseNumber']);
  });

  test('a duplicate e-mail (any case) or service-centre code is a 409 with field errors', async () => {
    const sa = await signIn('SA');
    const res = await call('POST', '/dealers', {
      token: sa,
      body: {
        name: 'X',
        code: 'sc0001',
        city: 'Pune',
        email: 'SERVICE2@dealers.voltline.demo',
        phone: '+91 98450 12345',
        oemId: 'oem-01',
      },
    });
    expect(res.status).toBe(409);
    expect(res.body.fieldErrors).toEqual({
      email: 'This e-mail address is already in use.',
      code: 'Another service centre has this code.',
    });
  });

  test('editing keeps the record in scope and is audited as Update; its own e-mail is not a duplicate', async () => {
    const oema = await signIn('OEMA');
    const res = await call('PATCH', '/dealers/dlr-0001', {
      token: oema,
      body: { email: 'service1@dealers.voltline.demo', phone: '+91 80 4000 1234', address: null },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: '+91 80 4000 1234', address: null });
    expect((await lastAudit('dlr-0001')).at(-1)).toMatchObject({ entity: 'Dealer', action: 'Update' });
  });

  test('an OEM adds an EV owner only with one of its service centres, and then sees it', async () => {
    const oema = await signIn('OEMA');
    const body = { name: 'Asha Rao', email: 'asha.rao@example.com', phone: '+91 98450 55555', city: 'Pune' };
    expect((await call('POST', '/ev-owners', { token: oema, body })).body.fieldErrors).toEqual({
      dealerId: 'Choose the service centre that looks after the owner.',
    });
    const res = await call('POST', '/ev-owners', { token: oema, body: { ...body, dealerId: 'dlr-0001' } });
    expect(res.status).toBe(201);
    const list = await call('GET', '/ev-owners?q=asha.rao', { token: oema });
    expect(list.body.total).toBe(1);
  });

  test('deactivating and activating are audited as Change Status', async () => {
    const fa = await signIn('FA');
    const res = await call('POST', '/drivers/drv-00002/status', { token: fa, body: { status: 0 } });
    expect(res.body.status).toBe(0);
    expect((await call('POST', '/drivers/drv-00002/status', { token: fa, body: { status: 3 } })).status).toBe(400);
    await call('POST', '/drivers/drv-00002/status', { token: fa, body: { status: 1 } });
    expect((await lastAudit('drv-00002')).map((a) => a.action)).toEqual(['Change Status', 'Change Status']);
  });
});

describe('assigning vehicles', () => {
  test('a fleet gets a free vehicle, shows it in its details, and gives it back', async () => {
    const sa = await signIn('SA');
    const created = await call('POST', '/fleets', {
      token: sa,
      body: { ...fleetBody, email: 'assign@fleet.example', oemId: 'oem-02' },
    });
    const fleet = created.body;
    const candidates = await call('GET', `/fleets/${fleet.id}/assignable-vehicles`, { token: sa });
    expect(candidates.body.total).toBeGreaterThan(0);
    for (const v of candidates.body.items) expect(v).toMatchObject({ fleetName: null, evOwnerName: null });
    const vehicle = candidates.body.items[0];
    const res = await call('POST', `/fleets/${fleet.id}/assign-vehicles`, {
      token: sa,
      body: { vehicleIds: [vehicle.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.vehicles.items.map((v: { id: string }) => v.id)).toEqual([vehicle.id]);
    const details = await call('GET', `/fleets/${fleet.id}/details`, { token: sa });
    expect(details.body).toMatchObject({ kind: 'fleet', vehicles: { total: 1 }, drivers: { total: 0 } });
    const again = await call('POST', `/fleets/${fleet.id}/assign-vehicles`, {
      token: sa,
      body: { vehicleIds: [vehicle.id] },
    });
    expect(again.status).toBe(409);
    expect(again.body.fieldErrors.vehicleIds).toContain('belongs to the fleet Metro Cabs');
    const back = await call('POST', `/fleets/${fleet.id}/unassign-vehicles`, {
      token: sa,
      body: { vehicleIds: [vehicle.id] },
    });
    expect(back.body.vehicles.total).toBe(0);
    expect((await lastAudit(fleet.id)).map((a) => a.action)).toEqual(['Add', 'Assign', 'Unassign']);
  });

  test('a vehicle of an EV owner or another OEM is refused; unassigning a stranger is a 400', async () => {
    const sa = await signIn('SA');
    const db = await getWorldDb();
    const owned = db.tables.vehicles.all().find((v) => v.evOwnerId && v.oemId === 'oem-01');
    const res = await call('POST', '/fleets/flt-0001/assign-vehicles', {
      token: sa,
      body: { vehicleIds: [owned?.id] },
    });
    expect(res.status).toBe(409);
    expect(res.body.fieldErrors.vehicleIds).toMatch(/belongs to the EV owner/);
    const foreign = await freeVehicle('oem-02');
    expect(
      (await call('POST', '/fleets/flt-0001/assign-vehicles', { token: sa, body: { vehicleIds: [foreign.id] } }))
        .status,
    ).toBe(409);
    const bad = await call('POST', '/fleets/flt-0001/unassign-vehicles', {
      token: sa,
      body: { vehicleIds: [foreign.id] },
    });
    expect(bad.status).toBe(400);
    expect(
      (await call('POST', '/fleets/flt-0001/assign-vehicles', { token: sa, body: { vehicleIds: [] } })).status,
    ).toBe(400);
  });

  test('a dealer can only assign vehicles it looks after (others are 404)', async () => {
    const da = await signIn('DA');
    const foreign = await freeVehicle('oem-01', 'dlr-0004');
    const own = (await call('GET', '/fleets', { token: da })).body.items[0];
    const res = await call('POST', `/fleets/${own.id}/assign-vehicles`, {
      token: da,
      body: { vehicleIds: [foreign.id] },
    });
    expect(res.status).toBe(404);
  });

  test('a driver gets vehicles of its fleet only; one another driver drives is refused', async () => {
    const fa = await signIn('FA');
    const db = await getWorldDb();
    const free = db.tables.vehicles.all().find((v) => v.fleetId === 'flt-0001' && !v.driverId);
    expect(free).toBeDefined();
    const driver = db.tables.drivers.all().find((d) => d.fleetId === 'flt-0001' && d.id !== 'drv-00001');
    const before = (await call('GET', `/drivers/${driver?.id}/details`, { token: fa })).body.vehicles.total;
    const res = await call('POST', `/drivers/${driver?.id}/assign-vehicles`, {
      token: fa,
      body: { vehicleIds: [free?.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'driver', fleetName: expect.any(String), vehicles: { total: before + 1 } });
    const taken = db.tables.vehicles.all().find((v) => v.driverId === 'drv-00001');
    const refused = await call('POST', `/drivers/${driver?.id}/assign-vehicles`, {
      token: fa,
      body: { vehicleIds: [taken?.id] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.fieldErrors.vehicleIds).toMatch(/unassign it there first/);
    const elsewhere = db.tables.vehicles.all().find((v) => v.fleetId && v.fleetId !== 'flt-0001');
    const sa = await signIn('SA');
    const foreign = await call('POST', `/drivers/${driver?.id}/assign-vehicles`, {
      token: sa,
      body: { vehicleIds: [elsewhere?.id] },
    });
    expect(foreign.body.fieldErrors.vehicleIds).toMatch(/not a vehicle of the driver's fleet/);
  });

  test('a service centre’s details hold its fleets and open tickets only', async () => {
    const da = await signIn('DA');
    const oema = await signIn('OEMA');
    const res = await call('GET', '/dealers/dlr-0001/details', { token: oema });
    expect(res.status).toBe(200);
    expect(res.body.fleets.total).toBe((await call('GET', '/fleets?pageSize=100', { token: da })).body.total);
    for (const t of res.body.openTickets.items) expect([1, 2, 3, 4]).toContain(t.status);
    const db = await getWorldDb();
    const open = db.tables.tickets.all().filter((t) => t.dealerId === 'dlr-0001' && ![5, 6].includes(t.status));
    expect(open.length).toBeGreaterThan(0);
    expect(res.body.openTickets.total).toBe(open.length);
    expect(res.body.openTickets.items[0]).toMatchObject({
      ref: expect.any(String),
      registrationNumber: expect.any(String),
    });
  });
});
