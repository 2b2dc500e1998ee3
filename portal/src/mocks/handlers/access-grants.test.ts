import { describe, expect, test } from 'vitest';
import { ADMIN_ONLY_ASSIGNABLE_ROLES, ASSIGNABLE_ROLES } from '@/domain/roles';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

/** A vehicle the demo service centre (dlr-0001) does not service. */
async function foreignVehicle(): Promise<string> {
  const db = await getWorldDb();
  const v = db.tables.vehicles.all().find((x) => x.dealerId !== 'dlr-0001' && x.oemId === 'oem-01');
  if (!v) throw new Error('no vehicle outside dlr-0001');
  return v.id;
}

describe('access grants', () => {
  test('401 without a token, 403 without ac.l, 403 for OEM access without oem.l', async () => {
    expect((await call('GET', '/access-grants')).status).toBe(401);
    expect((await call('GET', '/access-grants', { token: await signIn('DA') })).status).toBe(403);
    const oema = await signIn('OEMA');
    expect((await call('GET', '/access-grants', { token: oema })).status).toBe(200);
    expect((await call('GET', '/access-grants?filter[target]=oem', { token: oema })).status).toBe(403);
    const oeme = await signIn('OEME');
    const add = await call('POST', '/access-grants', {
      token: oeme,
      body: { kind: 'ev', target: 'vehicle', targetId: 'veh-000001', roleCode: 'DA', granteeId: 'dlr-0002' },
    });
    expect(add.status).toBe(403);
  });

  test('lists seeded grants with computed status: active, expired and revoked', async () => {
    const sa = await signIn('SA');
    const res = await call('GET', '/access-grants?pageSize=100', { token: sa });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.items.map((g: { id: string; status: string }) => [g.id, g.status]));
    expect(byId).toMatchObject({ 'acg-0001': 'active', 'acg-0002': 'expired', 'acg-0004': 'revoked' });
    const expired = await call('GET', '/access-grants?filter[status]=expired', { token: sa });
    expect(expired.body.items.every((g: { status: string }) => g.status === 'expired')).toBe(true);
    const oem = await call('GET', '/access-grants?filter[target]=oem', { token: sa });
    expect(oem.body.items.map((g: { id: string }) => g.id).sort()).toEqual(['acg-0005', 'acg-0006']);
  });

  test('roles outside the kind list of spec §6 are refused field by field', async () => {
    const sa = await signIn('SA');
    expect(ASSIGNABLE_ROLES.bms).not.toContain('MCUA');
    const bad = await call('POST', '/access-grants', {
      token: sa,
      body: { kind: 'bms', target: 'vehicle', targetId: 'veh-000001', roleCode: 'MCUA', granteeId: 'usr-mcua' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.roleCode).toContain('BMS Admin');
    const kindOnly = await call('POST', '/access-grants', {
      token: sa,
      body: { kind: 'mcu', target: 'deviceKind', roleCode: 'DA', granteeId: 'dlr-0001', expiresAt: inDays(-1) },
    });
    expect(kindOnly.status).toBe(400);
    expect(kindOnly.body.fieldErrors.roleCode).toBe(
      `Choose one of: ${ADMIN_ONLY_ASSIGNABLE_ROLES.map((r) => ({ BMSA: 'BMS Admin', MCUA: 'MCU Admin', VCUA: 'VCU Admin' })[r]).join(', ')}.`,
    );
    expect(kindOnly.body.fieldErrors.expiresAt).toBe('Choose an expiry in the future, or none.');
  });

  test('an active grant widens the grantee scope; after expiry or revoke the demo server no longer honours it', async () => {
    const vehicleId = await foreignVehicle();
    const da = await signIn('DA');
    expect((await call('GET', `/vehicles/${vehicleId}`, { token: da })).status).toBe(404);

    const sa = await signIn('SA');
    const created = await call('POST', '/access-grants', {
      token: sa,
      body: {
        kind: 'ev',
        target: 'vehicle',
        targetId: vehicleId,
        roleCode: 'DA',
        granteeId: 'dlr-0001',
        expiresAt: inDays(7),
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'active',
      granteeName: expect.any(String),
      roleName: 'Service Center Admin',
    });
    expect((await call('GET', `/vehicles/${vehicleId}`, { token: da })).status).toBe(200);

    // Time passes beyond the expiry: the grant shows as expired and the vehicle is out of scope again.
    const db = await getWorldDb();
    db.tables.accessGrants.update(created.body.id, { expiresAt: Date.now() - 1000 });
    expect((await call('GET', `/vehicles/${vehicleId}`, { token: da })).status).toBe(404);
    const listed = await call(
      'GET',
      `/access-grants?q=${encodeURIComponent(created.body.granteeName)}&filter[status]=expired`,
      {
        token: sa,
      },
    );
    expect(listed.body.items.map((g: { id: string }) => g.id)).toContain(created.body.id);

    db.tables.accessGrants.update(created.body.id, { expiresAt: null });
    expect((await call('GET', `/vehicles/${vehicleId}`, { token: da })).status).toBe(200);
    const revoked = await call('POST', `/access-grants/${created.body.id}/revoke`, { token: sa });
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    expect((await call('GET', `/vehicles/${vehicleId}`, { token: da })).status).toBe(404);
    expect((await call('POST', `/access-grants/${created.body.id}/revoke`, { token: sa })).status).toBe(409);

    const audit = await call('GET', `/audit?filter[entity]=Access&filter[entityId]=${created.body.id}`, { token: sa });
    expect(audit.body.items.map((a: { action: string }) => a.action).sort()).toEqual(['Assign', 'Unassign']);
  });

  test('the seeded expired grant of the demo service centre is not honoured', async () => {
    const db = await getWorldDb();
    const expired = db.tables.accessGrants.get('acg-0002');
    expect(expired?.targetId).toBeTruthy();
    const da = await signIn('DA');
    expect((await call('GET', `/vehicles/${expired?.targetId}`, { token: da })).status).toBe(404);
  });

  test('an OEM admin grants only on its own vehicles to its own partners; a duplicate active grant is a 409', async () => {
    const oema = await signIn('OEMA');
    const db = await getWorldDb();
    const other = db.tables.vehicles.all().find((v) => v.oemId !== 'oem-01');
    if (other) {
      const res = await call('POST', '/access-grants', {
        token: oema,
        body: { kind: 'ev', target: 'vehicle', targetId: other.id, roleCode: 'DA', granteeId: 'dlr-0001' },
      });
      expect(res.body.fieldErrors.targetId).toBe('Choose one of your vehicles.');
    }
    const body = {
      kind: 'bms',
      target: 'vehicle',
      targetId: await foreignVehicle(),
      roleCode: 'DA',
      granteeId: 'dlr-0001',
    };
    expect((await call('POST', '/access-grants', { token: oema, body })).status).toBe(201);
    const dup = await call('POST', '/access-grants', { token: oema, body });
    expect(dup.status).toBe(409);
    expect(dup.body.fieldErrors.granteeId).toBeDefined();
  });

  test('OEM access joins an OEM with its own service centres and fleets, and needs oem.l to create', async () => {
    const sa = await signIn('SA');
    const db = await getWorldDb();
    const foreignDealer = db.tables.dealers.all().find((d) => d.oemId !== 'oem-01');
    if (foreignDealer) {
      const bad = await call('POST', '/access-grants', {
        token: sa,
        body: { kind: 'ev', target: 'oem', targetId: 'oem-01', roleCode: 'DA', granteeId: foreignDealer.id },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.fieldErrors.granteeId).toBeDefined();
    }
    const wrongRole = await call('POST', '/access-grants', {
      token: sa,
      body: { kind: 'ev', target: 'oem', targetId: 'oem-01', roleCode: 'EVO', granteeId: 'evo-000001' },
    });
    expect(wrongRole.body.fieldErrors.roleCode).toBe('Choose one of: Service Center Admin, Fleet Admin.');
    const oema = await signIn('OEMA');
    const forbidden = await call('POST', '/access-grants', {
      token: oema,
      body: { kind: 'ev', target: 'oem', targetId: 'oem-01', roleCode: 'DA', granteeId: 'dlr-0001' },
    });
    expect(forbidden.status).toBe(403);
  });

  test('candidates: grantees follow the role (organisations or component admin accounts)', async () => {
    const sa = await signIn('SA');
    const admins = await call('GET', '/access-grants/candidates?type=grantee&roleCode=BMSA', { token: sa });
    expect(admins.body.map((c: { value: string }) => c.value)).toContain('usr-bmsa');
    const dealers = await call('GET', '/access-grants/candidates?type=grantee&roleCode=DA', { token: sa });
    expect(dealers.body[0].value).toMatch(/^dlr-/);
    const models = await call('GET', '/access-grants/candidates?type=model&kind=bms', { token: sa });
    expect(models.body.every((c: { label: string }) => c.label.endsWith('(BMS)'))).toBe(true);
  });
});

test("a device-kind grant gives a component admin that kind's admin permissions until it is revoked", async () => {
  const bmsa = await signIn('BMSA');
  const me = async () => (await call('GET', '/auth/me', { token: bmsa })).body.permissions;
  expect((await call('GET', '/devices?filter[type]=MCU', { token: bmsa })).status).toBe(403);
  expect((await me())['MCU.l']).toBeUndefined();
  const own = await me();

  const sa = await signIn('SA');
  const created = await call('POST', '/access-grants', {
    token: sa,
    body: { kind: 'mcu', target: 'deviceKind', roleCode: 'BMSA', granteeId: 'usr-bmsa' },
  });
  expect(created.status).toBe(201);
  // Its own permissions stay; the MCU admin's are added, on the next request.
  const widened = await me();
  expect(widened).toMatchObject(own);
  expect(widened['MCU.l']).toBeGreaterThan(0);
  const listed = await call('GET', '/devices?filter[type]=MCU&pageSize=1', { token: bmsa });
  expect(listed.status).toBe(200);
  expect(listed.body.total).toBeGreaterThan(0);

  expect((await call('POST', `/access-grants/${created.body.id}/revoke`, { token: sa })).status).toBe(200);
  expect((await call('GET', '/devices?filter[type]=MCU', { token: bmsa })).status).toBe(403);
  expect(await me()).toEqual(own);
});
