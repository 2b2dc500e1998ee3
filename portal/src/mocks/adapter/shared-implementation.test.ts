import { grantedPermissions } from '@services/access-grants/granted-access';
import { dashboardBatteryHealth } from '@services/dashboards/battery-health';
import { dashboardFirmwareRollouts } from '@services/dashboards/firmware-rollouts-panel';
import { dashboardMyVehicles } from '@services/dashboards/my-vehicles';
import { dashboardSocDistribution } from '@services/dashboards/soc-distribution';
import { dashboardTickets } from '@services/dashboards/ticket-panel';
import { listHardwareLogs } from '@services/hardware-logs/list-hardware-logs';
import { worldHardwareLogDeps } from './hardware-log-store';
import { worldMyVehiclesDeps } from './last-trip-store';
import { dashboardActivity, dashboardCharging } from '@services/activity/dashboard-activity';
import { dashboardCo2 } from '@services/activity/dashboard-co2';
import { compareAnalysis, listAnalysisSubjects, recordAnalysisExport } from '@services/analysis/analysis';
import { getCarbonReport } from '@services/analysis/carbon-report';
import { worldActivityDeps } from './activity-store';
import { createDashboard } from '@services/dashboards/create-dashboard';
import { dashboardFaultSummary } from '@services/dashboards/fault-summary';
import { dashboardFleetStatus } from '@services/dashboards/fleet-status';
import { listDashboards } from '@services/dashboards/list-dashboards';
import { dashboardRecentFaults } from '@services/dashboards/recent-faults';
import { updateDashboard } from '@services/dashboards/update-dashboard';
import { getCycleCells } from '@services/battery-cycles/get-cycle-cells';
import { listBatteryCycles } from '@services/battery-cycles/list-battery-cycles';
import { getDeviceTelemetry, getVehicleTelemetry } from '@services/telemetry/get-telemetry';
import { worldBatteryCycleDeps, worldTelemetryDeps } from './telemetry-store';
import { worldDashboardDataDeps, worldDashboardDeps } from './dashboard-store';
import { getVehicleTripRoute } from '@services/trips/get-vehicle-trip-route';
import { listVehicleLocations } from '@services/trips/list-vehicle-locations';
import { listVehicleTrips } from '@services/trips/list-vehicle-trips';
import { worldTripDeps } from './trip-store';
import { createAccessGrant } from '@services/access-grants/create-access-grant';
import { listAccessGrants } from '@services/access-grants/list-access-grants';
import { entryHash } from '@services/audit/audit-chain';
import { AppError, appErrorAnswer } from '@services/lib/app-error';
import { getCommand } from '@services/commands/get-command';
import { listCommands } from '@services/commands/list-commands';
import { sendCommands } from '@services/commands/send-commands';
import { saveCarbonSettings } from '@services/carbon-settings/carbon-settings';
import { createDeviceGroup } from '@services/device-groups/create-device-group';
import { getDeviceGroup } from '@services/device-groups/get-device-group';
import { listDeviceGroups } from '@services/device-groups/list-device-groups';
import { listDevices } from '@services/devices/list-devices';
import { createGeofence } from '@services/geofences/create-geofence';
import { getGeofence } from '@services/geofences/get-geofence';
import { listGeofences } from '@services/geofences/list-geofences';
import { acknowledgeFault } from '@services/faults/acknowledge-fault';
import { getFeedbackReport, listFeedbackReports } from '@services/feedback/inbox';
import { createTicketFromReport } from '@services/feedback/report-ticket';
import { createFirmwareRelease, getFirmwareRelease, listFirmwareReleases } from '@services/firmware/releases';
import { changeFirmwareRolloutState } from '@services/firmware/rollouts';
import { getFault } from '@services/faults/get-fault';
import { listFaults } from '@services/faults/list-faults';
import { createModel } from '@services/models/create-model';
import { listModels } from '@services/models/list-models';
import { acknowledgeNotification } from '@services/notifications/acknowledge-notification';
import { getOrganisationDetails } from '@services/organisations/get-organisation';
import { listOrganisations } from '@services/organisations/list-organisations';
import { assignOrganisationVehicles } from '@services/organisations/organisation-vehicles';
import { listNotifications } from '@services/notifications/list-notifications';
import { login } from '@services/auth/login';
import { logout } from '@services/auth/logout';
import { listSessions, signOutOtherSessions } from '@services/auth/sessions';
import { MAX_FAILURES_PER_ACCOUNT } from '@services/auth/auth-store';
import { changePassword } from '@services/profile/change-password';
import { updateProfile } from '@services/profile/update-profile';
import { deleteRole } from '@services/roles/delete-role';
import { createApiKey } from '@services/settings/api-keys';
import { createSdkKey, listSdkKeys, updateSdkKey } from '@services/sdk-keys/sdk-keys';
import { putCompanyLogo } from '@services/settings/company-logo';
import { listRoles } from '@services/roles/list-roles';
import { createRule } from '@services/rules/create-rule';
import { getRule } from '@services/rules/get-rule';
import { listRules } from '@services/rules/list-rules';
import { testRule } from '@services/rules/test-rule';
import { permissionsOfRole } from '@services/roles/role-permissions';
import { assignSim } from '@services/sims/assign-sim';
import { getTicket } from '@services/tickets/get-ticket';
import { listTickets } from '@services/tickets/list-tickets';
import { moveTicket } from '@services/tickets/move-ticket';
import { postTicketMessage } from '@services/tickets/post-ticket-message';
import { getUser } from '@services/users/get-user';
import { listUsers } from '@services/users/list-users';
import { cloneVehicle } from '@services/vehicles/clone-vehicle';
import { describe, expect, test, vi } from 'vitest';
import { authOfToken } from '../handlers/lib/auth-context';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';
import { worldAccessGrantDeps } from './access-grant-store';
import { worldAuthDeps, worldAuthStore } from './auth-store';
import { DEMO_PASSWORD, demoEmailFor } from '../world/demo-users';
import { callerOf } from './caller';
import { worldCommandDeps } from './command-store';
import { worldCarbonSettingsDeps } from './carbon-settings-store';
import { worldDeviceGroupDeps } from './device-group-store';
import { worldDeviceDeps } from './device-store';
import { worldGeofenceDeps } from './geofence-store';
import { worldFaultDeps } from './fault-store';
import { worldFeedbackReader } from './feedback-store';
import { worldReportTicketDeps } from '../handlers/feedback';
import { worldFirmwareDeps } from './firmware-store';
import { worldModelDeps } from './model-store';
import { worldNotificationDeps } from './notification-store';
import { worldProfileDeps } from './profile-store';
import { worldRoleDeps } from './role-store';
import { worldSdkKeyDeps } from './sdk-key-store';
import { worldSettingsDeps } from './settings-store';
import { worldOrganisationDeps } from './organisation-store';
import { worldRuleDeps } from './rule-store';
import { worldSimDeps } from './sim-store';
import { worldTicketDeps } from './ticket-store';
import { worldUserDeps } from './user-store';
import { worldVehicleDeps } from './vehicle-store';

const SQUARE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [73.8, 18.5],
      [73.81, 18.5],
      [73.81, 18.51],
      [73.8, 18.51],
      [73.8, 18.5],
    ] as [number, number][],
  ],
};

/** The demo's caller and the vehicle services' dependencies for a signed-in role, as the handlers build them. */
async function serviceSide(token: string) {
  const db = await getWorldDb();
  const ctx = await authOfToken(token, db);
  if (!ctx) throw new Error('no session');
  return { db, caller: callerOf(ctx), deps: worldVehicleDeps(db, ctx.granted) };
}

describe('the demo and the server run one implementation (decision 0110)', () => {
  test("the demo's clone answers exactly the service's error for a taken VIN", async () => {
    const token = await signIn('SA');
    const { db, caller, deps } = await serviceSide(token);
    const taken = db.tables.vehicles.get('veh-000002')?.vin;
    const body = { vin: taken ?? '', registrationNumber: 'KA01CL0001' };

    const thrown = await cloneVehicle(deps, caller, { id: 'veh-000001', body }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(AppError);
    const fromService = appErrorAnswer(thrown as AppError);

    const fromDemo = await call('POST', '/vehicles/veh-000001/clone', { token, body });
    expect({ status: fromDemo.status, body: fromDemo.body }).toEqual(fromService);
    expect(fromDemo.status).toBe(409);
  });

  test("the demo's device list answers exactly the service's page and its refusals", async () => {
    const token = await signIn('BMSA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const deps = worldDeviceDeps(db, ctx.granted);
    const page = await listDevices(deps, callerOf(ctx), { sort: 'serialNumber:asc', pageSize: 10 });
    expect(page.items.every((d) => d.type === 'BMS' || d.type === 'LOGGER')).toBe(true);
    const fromDemo = await call('GET', '/devices?sort=serialNumber:asc&pageSize=10', { token });
    expect(fromDemo.body).toEqual(page);

    const thrown = await listDevices(deps, callerOf(ctx), { filter: { type: 'MCU' } }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AppError);
    const refused = await call('GET', '/devices?filter[type]=MCU', { token });
    expect({ status: refused.status, body: refused.body }).toEqual(appErrorAnswer(thrown as AppError));
    expect(refused.status).toBe(403);
  });

  test("the demo's model list and create answer exactly the services' page and 409", async () => {
    const token = await signIn('OEMA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const deps = worldModelDeps(db);
    const page = await listModels(deps, callerOf(ctx), { sort: 'code:desc', pageSize: 5 });
    expect(page.items.every((m) => m.oemId === ctx.user.oemId)).toBe(true);
    expect((await call('GET', '/models?sort=code:desc&pageSize=5', { token })).body).toEqual(page);

    const taken = page.items[0]?.code.toLowerCase() ?? '';
    const body = { kind: 'VCU' as const, name: 'Twin', code: taken, oemId: ctx.user.oemId ?? '' };
    const thrown = await createModel(deps, callerOf(ctx), body).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AppError);
    const fromDemo = await call('POST', '/models', { token, body });
    expect({ status: fromDemo.status, body: fromDemo.body }).toEqual(appErrorAnswer(thrown as AppError));
    expect(fromDemo.status).toBe(409);
  });

  test("the demo's SIM assign answers exactly the service's refusal of a device that is no logger", async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const body = { loggerId: 'bms-000001' };
    const thrown = await assignSim(worldSimDeps(db), callerOf(ctx), { id: 'sim-000001', body }).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(AppError);
    const fromDemo = await call('POST', '/sims/sim-000001/assign', { token, body });
    expect({ status: fromDemo.status, body: fromDemo.body }).toEqual(appErrorAnswer(thrown as AppError));
    expect(fromDemo.status).toBe(400);
    expect(db.tables.sims.get('sim-000001')?.loggerId).toBe('logger-000001');
  });

  test("the demo's geofences answer exactly the services' scoped view and their refusal of a hidden vehicle", async () => {
    const token = await signIn('FA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const deps = worldGeofenceDeps(db, ctx.granted);
    const seen = await getGeofence(deps, callerOf(ctx), { id: 'GF-STATION' });
    const all = db.tables.geofences.get('GF-STATION')?.vehicleIds ?? [];
    expect(seen.vehicleIds.length).toBeGreaterThan(0);
    expect(seen.vehicleIds.length).toBeLessThan(all.length);
    expect((await call('GET', '/geofences/GF-STATION', { token })).body).toEqual(seen);
    expect((await call('GET', '/geofences?sort=name:asc', { token })).body).toEqual(
      await listGeofences(deps, callerOf(ctx), { sort: 'name:asc' }),
    );

    const hidden = all.find((id) => !seen.vehicleIds.includes(id)) ?? '';
    const body = { name: 'Depot', rule: 'enter' as const, deliveryMethods: 16, geometry: SQUARE, vehicleIds: [hidden] };
    const thrown = await createGeofence(deps, callerOf(ctx), body).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AppError);
    const fromDemo = await call('POST', '/geofences', { token, body });
    expect({ status: fromDemo.status, body: fromDemo.body }).toEqual(appErrorAnswer(thrown as AppError));
    expect(fromDemo.status).toBe(400);
  });

  test("the demo's device groups answer exactly the services' page, members and refusals", async () => {
    const token = await signIn('FA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const deps = worldDeviceGroupDeps(db, ctx.granted);
    const page = await listDeviceGroups(deps, callerOf(ctx), {});
    expect(page.items.map((g) => g.id).sort()).toEqual(['dgr-0002', 'dgr-0003']);
    expect((await call('GET', '/device-groups', { token })).body).toEqual(page);

    const body = {
      name: 'Mixed',
      ownerKind: 'fleet' as const,
      ownerId: 'flt-0001',
      mode: 'pick' as const,
      vehicleIds: ['veh-000001'],
    };
    const thrown = await createDeviceGroup(deps, callerOf(ctx), body).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AppError);
    const fromDemo = await call('POST', '/device-groups', { token, body });
    expect({ status: fromDemo.status, body: fromDemo.body }).toEqual(appErrorAnswer(thrown as AppError));
    expect(fromDemo.status).toBe(400);

    const dealer = await signIn('DA');
    const dctx = await authOfToken(dealer, db);
    if (!dctx) throw new Error('no session');
    const notTheirs = await getDeviceGroup(worldDeviceGroupDeps(db, dctx.granted), callerOf(dctx), {
      id: 'dgr-0003',
    }).catch((e: unknown) => e);
    expect(notTheirs).toBeInstanceOf(AppError);
    const hidden = await call('GET', '/device-groups/dgr-0003', { token: dealer });
    expect({ status: hidden.status, body: hidden.body }).toEqual(appErrorAnswer(notTheirs as AppError));
    expect(hidden.status).toBe(404);
  });

  test("the demo's firmware answers exactly the services' page and refusals, and the state machine's 409", async () => {
    const token = await signIn('BMSA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const deps = worldFirmwareDeps(db, { granted: ctx.granted });
    const caller = callerOf(ctx);
    const page = await listFirmwareReleases(deps, caller, { pageSize: 1000 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((r) => r.deviceType === 'BMS')).toBe(true);
    expect((await call('GET', '/firmware-releases?pageSize=1000', { token })).body).toEqual(page);

    const newest = page.items.find((r) => r.version === '4.0.0');
    if (!newest) throw new Error('no seeded 4.0.0 BMS release');
    const body = {
      deviceType: 'BMS',
      modelId: newest.modelId,
      version: '4.0.0',
      fileName: 'bms.bin',
      fileSize: 10,
      sha256: 'c'.repeat(64),
    };
    const notNewer = await createFirmwareRelease(deps, caller, body).catch((e: unknown) => e);
    expect(notNewer).toBeInstanceOf(AppError);
    const fromDemo = await call('POST', '/firmware-releases', { token, body });
    expect({ status: fromDemo.status, body: fromDemo.body }).toEqual(appErrorAnswer(notNewer as AppError));
    expect(fromDemo.status).toBe(400);

    const mcu = db.tables.firmwareReleases.all().find((r) => r.deviceType === 'MCU');
    if (!mcu) throw new Error('no MCU release');
    const hidden = await getFirmwareRelease(deps, caller, { id: mcu.id }).catch((e: unknown) => e);
    const hiddenDemo = await call('GET', `/firmware-releases/${mcu.id}`, { token });
    expect({ status: hiddenDemo.status, body: hiddenDemo.body }).toEqual(appErrorAnswer(hidden as AppError));
    expect(hiddenDemo.status).toBe(404);

    // The seeded BMS rollout paused itself: pausing it again is the state machine's 409, on both.
    const paused = db.tables.firmwareRollouts.all().find((r) => r.deviceType === 'BMS' && r.status === 'paused');
    if (!paused) throw new Error('no paused BMS rollout');
    const again = await changeFirmwareRolloutState(deps, caller, { id: paused.id, action: 'pause' }).catch(
      (e: unknown) => e,
    );
    const againDemo = await call('POST', `/firmware-rollouts/${paused.id}/pause`, { token });
    expect({ status: againDemo.status, body: againDemo.body }).toEqual(appErrorAnswer(again as AppError));
    expect(againDemo.status).toBe(409);
  });

  test("the demo's fault list, details and acknowledge answer exactly the services' page, 404 and 403", async () => {
    const token = await signIn('DA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const deps = worldFaultDeps(db, ctx.granted);
    const query = '?filter[severity]=3,4,5&sort=severity:desc,occurredAt:desc&pageSize=20';
    const fromDemo = await call('GET', `/faults${query}`, { token });
    const page = await listFaults(deps, callerOf(ctx), {
      filter: { severity: '3,4,5' },
      sort: 'severity:desc,occurredAt:desc',
      pageSize: 20,
    });
    expect(page.total).toBeGreaterThan(0);
    expect(fromDemo.body).toEqual(page);

    // A fault on a vehicle of another service centre: 404 from both, not told apart from none.
    const elsewhere = db.tables.faults.all().find((f) => db.tables.vehicles.get(f.vehicleId)?.dealerId !== 'dlr-0001');
    if (!elsewhere) throw new Error('no fault outside the scope');
    const thrown = await getFault(deps, callerOf(ctx), { id: elsewhere.id }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AppError);
    const hidden = await call('GET', `/faults/${elsewhere.id}`, { token });
    expect({ status: hidden.status, body: hidden.body }).toEqual(appErrorAnswer(thrown as AppError));
    expect(hidden.status).toBe(404);

    const driver = await signIn('DR');
    const driverCtx = await authOfToken(driver, db);
    if (!driverCtx) throw new Error('no session');
    const refusedByService = await acknowledgeFault(worldFaultDeps(db), callerOf(driverCtx), {
      id: elsewhere.id,
    }).catch((e: unknown) => e);
    const refused = await call('POST', `/faults/${elsewhere.id}/acknowledge`, { token: driver });
    expect({ status: refused.status, body: refused.body }).toEqual(appErrorAnswer(refusedByService as AppError));
    expect(refused.status).toBe(403);
    expect(db.tables.faults.get(elsewhere.id)?.acknowledgedAt).toBe(elsewhere.acknowledgedAt);
  });

  test("the demo's notifications answer the services' page and refusal; an acknowledgement is chained", async () => {
    const token = await signIn('OEMA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const deps = worldNotificationDeps(db, ctx.granted);
    // The demo first (reading runs the rule engine), then the service over the same world.
    const fromDemo = await call('GET', '/notifications?filter[method]=16&filter[status]=sent&pageSize=50', { token });
    const page = await listNotifications(deps, callerOf(ctx), {
      filter: { method: '16', status: 'sent' },
      pageSize: 50,
    });
    expect(page.total).toBeGreaterThan(0);
    expect(fromDemo.body).toEqual(page);

    const open = page.items.find((n) => n.acknowledgedAt === null);
    if (!open) throw new Error('no open notification');
    const dealer = await signIn('DA');
    const dealerCtx = await authOfToken(dealer, db);
    if (!dealerCtx) throw new Error('no session');
    const thrown = await acknowledgeNotification(worldNotificationDeps(db), callerOf(dealerCtx), {
      id: open.id,
    }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AppError);
    const refused = await call('POST', `/notifications/${open.id}/acknowledge`, { token: dealer });
    expect({ status: refused.status, body: refused.body }).toEqual(appErrorAnswer(thrown as AppError));
    expect(refused.status).toBe(403);

    const seeded = (await call('GET', '/audit', { token: await signIn('SA') })).body.total;
    const acknowledged = await call('POST', `/notifications/${open.id}/acknowledge`, { token });
    expect(acknowledged.body).toMatchObject({ id: open.id, acknowledgedBy: ctx.user.id });
    expect(acknowledged.body.deliveries.filter((d: { method: number }) => d.method === 16)).toEqual([
      expect.objectContaining({ status: 'delivered' }),
    ]);
    // Acknowledging again through the service answers the first acknowledgement and writes nothing.
    expect(await acknowledgeNotification(deps, callerOf(ctx), { id: open.id })).toEqual(acknowledged.body);
    const check = await call('GET', '/audit/verify', { token: await signIn('SA') });
    expect(check.body).toEqual({ ok: true, checked: seeded + 1, total: seeded + 1, broken: null });
  });

  test("the demo's command history and sends answer exactly the services' page, 404, 400 and 409", async () => {
    const token = await signIn('FA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const deps = worldCommandDeps(db, { granted: ctx.granted });
    const fromDemo = await call('GET', '/commands?filter[status]=2,3&sort=code:asc,sentAt:desc&pageSize=50', {
      token,
    });
    const page = await listCommands(deps, callerOf(ctx), {
      filter: { status: '2,3' },
      sort: 'code:asc,sentAt:desc',
      pageSize: 50,
    });
    expect(page.total).toBeGreaterThan(0);
    expect(fromDemo.body).toEqual(page);

    // A command of another fleet's vehicle: 404 from both.
    const elsewhere = db.tables.commands.all().find((c) => db.tables.vehicles.get(c.vehicleId)?.fleetId !== 'flt-0001');
    if (!elsewhere) throw new Error('no command outside the scope');
    const thrown = await getCommand(deps, callerOf(ctx), { id: elsewhere.id }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AppError);
    const hidden = await call('GET', `/commands/${elsewhere.id}`, { token });
    expect({ status: hidden.status, body: hidden.body }).toEqual(appErrorAnswer(thrown as AppError));
    expect(hidden.status).toBe(404);

    // A send that does not fit, and another request under a used key: the services' 400 and 409 in the demo too.
    const sa = await signIn('SA');
    const saCtx = await authOfToken(sa, db);
    if (!saCtx) throw new Error('no session');
    const saDeps = worldCommandDeps(db);
    const body = {
      target: { vehicleId: 'veh-000003' },
      code: 'SPEED_LIMIT',
      params: { speedKmh: 500 },
      expiresInS: 60,
    };
    const bad = { ...body, idempotencyKey: `key-${crypto.randomUUID()}` };
    const invalid = await sendCommands(saDeps, callerOf(saCtx), bad).catch((e: unknown) => e);
    const demoInvalid = await call('POST', '/commands/send', { token: sa, body: bad });
    expect({ status: demoInvalid.status, body: demoInvalid.body }).toEqual(appErrorAnswer(invalid as AppError));
    expect(demoInvalid.status).toBe(400);
    const used = { ...body, params: { speedKmh: 60 }, idempotencyKey: `key-${crypto.randomUUID()}` };
    expect((await call('POST', '/commands/send', { token: sa, body: used })).status).toBe(201);
    const size = db.tables.commands.size;
    const other = { ...used, params: { speedKmh: 70 } };
    const conflict = await sendCommands(saDeps, callerOf(saCtx), other).catch((e: unknown) => e);
    const demoConflict = await call('POST', '/commands/send', { token: sa, body: other });
    expect({ status: demoConflict.status, body: demoConflict.body }).toEqual(appErrorAnswer(conflict as AppError));
    expect(demoConflict.status).toBe(409);
    expect(db.tables.commands.size).toBe(size);
  });

  test("the demo's tickets answer exactly the services' page, 404 by scope, 403 and 409; a fault's closing is chained", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const token = await signIn('DA');
      const db = await getWorldDb();
      const ctx = await authOfToken(token, db);
      if (!ctx) throw new Error('no session');
      const deps = worldTicketDeps(db, ctx.granted);
      // The demo first (a read escalates missed targets), then the service over the same world at the same time.
      const fromDemo = await call('GET', '/tickets?filter[status]=1,2,3,4&sort=dueAt:asc&pageSize=20', { token });
      const page = await listTickets(deps, callerOf(ctx), {
        filter: { status: '1,2,3,4' },
        sort: 'dueAt:asc',
        pageSize: 20,
      });
      expect(page.total).toBeGreaterThan(0);
      expect(fromDemo.body).toEqual(page);
      const first = page.items[0];
      if (!first) throw new Error('no ticket');
      expect((await call('GET', `/tickets/${first.id}`, { token })).body).toEqual(
        await getTicket(deps, callerOf(ctx), { id: first.id }),
      );

      // A ticket of another service centre: 404 from both, not told apart from none.
      const elsewhere = db.tables.tickets.all().find((t) => t.dealerId !== 'dlr-0001');
      if (!elsewhere) throw new Error('no ticket outside the scope');
      const hidden = await getTicket(deps, callerOf(ctx), { id: elsewhere.id }).catch((e: unknown) => e);
      const fromDemoHidden = await call('GET', `/tickets/${elsewhere.id}`, { token });
      expect({ status: fromDemoHidden.status, body: fromDemoHidden.body }).toEqual(appErrorAnswer(hidden as AppError));
      expect(fromDemoHidden.status).toBe(404);

      // A driver's internal note: 403 from both.
      const driver = await signIn('DR');
      const driverCtx = await authOfToken(driver, db);
      if (!driverCtx) throw new Error('no session');
      const own = db.tables.tickets.all().find((t) => db.tables.vehicles.get(t.vehicleId)?.driverId === 'drv-00001');
      if (!own) throw new Error('no ticket of the driver');
      const note = { kind: 'note', body: 'mine' };
      const noteRefused = await postTicketMessage(worldTicketDeps(db), callerOf(driverCtx), {
        id: own.id,
        message: note,
      }).catch((e: unknown) => e);
      const demoNote = await call('POST', `/tickets/${own.id}/messages`, { token: driver, body: note });
      expect({ status: demoNote.status, body: demoNote.body }).toEqual(appErrorAnswer(noteRefused as AppError));
      expect(demoNote.status).toBe(403);

      // A move the table does not allow: 409 from both, naming the allowed moves.
      const fault = db.tables.faults
        .all()
        .find((f) => f.clearedAt === null && db.tables.vehicles.get(f.vehicleId)?.dealerId === 'dlr-0001');
      if (!fault) throw new Error('no open fault of the service centre');
      const opened = await call('POST', '/tickets', {
        token,
        body: {
          title: 'Fault',
          description: 'x',
          priority: 'high',
          vehicleId: fault.vehicleId,
          faultId: fault.id,
          source: 'fault',
        },
      });
      expect(opened.status).toBe(201);
      const reopen = { status: 4 };
      const refusedMove = await moveTicket(deps, callerOf(ctx), { id: opened.body.id, move: reopen }).catch(
        (e: unknown) => e,
      );
      const demoMove = await call('POST', `/tickets/${opened.body.id}/status`, { token, body: reopen });
      expect({ status: demoMove.status, body: demoMove.body }).toEqual(appErrorAnswer(refusedMove as AppError));
      expect(demoMove.status).toBe(409);

      // Closing it clears its fault through the fault store; the ticket's and the fault's entries join the chain.
      const seeded = (await call('GET', '/audit', { token: await signIn('SA') })).body.total;
      const closed = await call('POST', `/tickets/${opened.body.id}/status`, { token, body: { status: 6 } });
      expect(closed.status).toBe(200);
      expect(db.tables.faults.get(fault.id)?.clearedAt).toBe(Date.now());
      const check = await call('GET', '/audit/verify', { token: await signIn('SA') });
      expect(check.body).toMatchObject({ ok: true, total: seeded + 2, broken: null });
    } finally {
      vi.useRealTimers();
    }
  });

  test("the demo's rules answer exactly the services' scoped page, 404, refusal of a hidden vehicle and dry run", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 25, 12, 0, 3) });
    try {
      const db = await getWorldDb();
      const token = await signIn('OEMA');
      const ctx = await authOfToken(token, db);
      if (!ctx) throw new Error('no session');
      const deps = worldRuleDeps(db, ctx.granted);
      const page = await listRules(deps, callerOf(ctx), { pageSize: 100 });
      expect(page.total).toBeGreaterThan(0);
      expect(page.items.every((r) => r.oemId === ctx.user.oemId)).toBe(true);
      expect((await call('GET', '/rules?pageSize=100', { token })).body).toEqual(page);

      const foreign = db.tables.rules.all().find((r) => r.oemId !== ctx.user.oemId);
      if (!foreign) throw new Error('no rule of another OEM');
      const hidden = await getRule(deps, callerOf(ctx), { id: foreign.id }).catch((e: unknown) => e);
      expect(hidden).toBeInstanceOf(AppError);
      const fromDemo = await call('GET', `/rules/${foreign.id}`, { token });
      expect({ status: fromDemo.status, body: fromDemo.body }).toEqual(appErrorAnswer(hidden as AppError));
      expect(fromDemo.status).toBe(404);

      const fleet = await signIn('FA');
      const fleetCtx = await authOfToken(fleet, db);
      if (!fleetCtx) throw new Error('no session');
      const other = db.tables.vehicles.all().find((v) => v.fleetId !== fleetCtx.user.fleetId);
      const body = {
        name: 'Low charge',
        deviceKind: 'EV' as const,
        scope: 3 as const,
        vehicleId: other?.id ?? '',
        conditionOperator: 1 as const,
        conditions: [{ kind: 'telemetry' as const, key: 'soc', comparator: '<' as const, value: 15 }],
        severity: 3 as const,
        deliveryMethods: 16,
      };
      const refused = await createRule(worldRuleDeps(db, fleetCtx.granted), callerOf(fleetCtx), body).catch(
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(AppError);
      const refusedByDemo = await call('POST', '/rules', { token: fleet, body });
      expect({ status: refusedByDemo.status, body: refusedByDemo.body }).toEqual(appErrorAnswer(refused as AppError));
      expect(refusedByDemo.body.fieldErrors).toEqual({ vehicleId: 'Choose a vehicle.' });

      const dryRun = {
        ...body,
        vehicleId: 'veh-000001',
        conditions: [{ kind: 'telemetry' as const, key: 'soc', comparator: '>=' as const, value: 0 }],
      };
      const tested = await testRule(deps, callerOf(ctx), dryRun);
      expect(tested.firings.length).toBeGreaterThan(0);
      expect((await call('POST', '/rules/test', { token, body: dryRun })).body).toEqual(tested);
    } finally {
      vi.useRealTimers();
    }
  });

  test("the demo's users and roles answer exactly the services' scoped pages and refusals", async () => {
    const token = await signIn('OEMA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const page = await listUsers(worldUserDeps(db), callerOf(ctx), { sort: 'email:asc', pageSize: 50 });
    expect(page.items.length).toBeGreaterThan(1);
    expect(page.items.every((u) => u.id === ctx.user.id || u.oemId === ctx.user.oemId)).toBe(true);
    expect((await call('GET', '/users?sort=email:asc&pageSize=50', { token })).body).toEqual(page);
    const thrown = await getUser(worldUserDeps(db), callerOf(ctx), { id: 'usr-sa' }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AppError);
    const hidden = await call('GET', '/users/usr-sa', { token });
    expect({ status: hidden.status, body: hidden.body }).toEqual(appErrorAnswer(thrown as AppError));
    expect(hidden.status).toBe(404);

    const roles = await listRoles(worldRoleDeps(db), callerOf(ctx), { pageSize: 100 });
    expect((await call('GET', '/roles?pageSize=100', { token })).body).toEqual(roles);
    const sa = await signIn('SA');
    const saCtx = await authOfToken(sa, db);
    if (!saCtx) throw new Error('no session');
    const builtIn = await deleteRole(worldRoleDeps(db), callerOf(saCtx), { id: 'FA' }).catch((e: unknown) => e);
    const refused = await call('DELETE', '/roles/FA', { token: sa });
    expect({ status: refused.status, body: refused.body }).toEqual(appErrorAnswer(builtIn as AppError));
    expect(refused.status).toBe(409);
  });

  test("an edited role changes its holders' permissions through the services' permissionsOfRole, as on the server", async () => {
    const sa = await signIn('SA');
    const fe = await signIn('FE');
    const db = await getWorldDb();
    expect((await call('GET', '/geofences', { token: fe })).status).toBe(200);
    const role = db.tables.roles.get('FE');
    if (!role) throw new Error('no FE role');
    const { gr: _gr, ...without } = role.permissions;
    expect((await call('PATCH', '/roles/FE', { token: sa, body: { permissions: without } })).status).toBe(200);
    const ctx = await authOfToken(fe, db);
    expect(ctx?.permissions).toEqual(permissionsOfRole('FE', db.tables.roles.get('FE')));
    expect(ctx?.permissions.gr).toBeUndefined();
    expect((await call('GET', '/geofences', { token: fe })).status).toBe(403);
  });

  test("the demo's organisations answer exactly the services' scoped list, 404 and assign refusal", async () => {
    const token = await signIn('FA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const deps = worldOrganisationDeps(db, ctx.granted);
    const page = await listOrganisations(deps, callerOf(ctx), 'driver', { sort: 'name:desc', pageSize: 100 });
    expect(page.total).toBeGreaterThan(0);
    expect(new Set(page.items.map((d) => d.fleetId))).toEqual(new Set(['flt-0001']));
    expect((await call('GET', '/drivers?sort=name:desc&pageSize=100', { token })).body).toEqual(page);

    // Another fleet's driver: 404 from both, not told apart from none.
    const elsewhere = db.tables.drivers.all().find((d) => d.fleetId !== 'flt-0001');
    if (!elsewhere) throw new Error('no driver outside the scope');
    const thrown = await getOrganisationDetails(deps, callerOf(ctx), 'driver', { id: elsewhere.id }).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(AppError);
    const hidden = await call('GET', `/drivers/${elsewhere.id}/details`, { token });
    expect({ status: hidden.status, body: hidden.body }).toEqual(appErrorAnswer(thrown as AppError));
    expect(hidden.status).toBe(404);

    // A vehicle another driver drives: the same 409 (decision 0078), and the vehicle keeps its driver.
    const driven = db.tables.vehicles.all().find((v) => v.fleetId === 'flt-0001' && v.driverId);
    const driver = page.items.find((d) => d.id !== driven?.driverId && d.status === 1);
    if (!driven || !driver) throw new Error('no driven vehicle or other driver');
    const body = { vehicleIds: [driven.id] };
    const refusedByService = await assignOrganisationVehicles(deps, callerOf(ctx), 'driver', {
      id: driver.id,
      body,
    }).catch((e: unknown) => e);
    const refused = await call('POST', `/drivers/${driver.id}/assign-vehicles`, { token, body });
    expect({ status: refused.status, body: refused.body }).toEqual(appErrorAnswer(refusedByService as AppError));
    expect(refused.status).toBe(409);
    expect(db.tables.vehicles.get(driven.id)?.driverId).toBe(driven.driverId);
  });

  test("the demo's feedback inbox answers exactly the services' page and report, 404 by organisation, 403 and 400", async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const deps = { reports: worldFeedbackReader(db) };
    const page = await listFeedbackReports(deps, callerOf(ctx), {
      q: 'voltline.demo',
      filter: { type: 'BUG,CRASH' },
      sort: 'createdAt:asc',
      pageSize: 2,
    });
    expect(page).toMatchObject({ total: 3, pageSize: 2 });
    const fromDemo = await call(
      'GET',
      '/feedback-reports?q=voltline.demo&filter[type]=BUG,CRASH&sort=createdAt:asc&pageSize=2',
      { token },
    );
    expect(fromDemo.body).toEqual(page);
    const report = await getFeedbackReport(deps, callerOf(ctx), 'rpt-demo-001');
    expect(report.networkLogs.map((n) => n.status)).toEqual([200, 504]);
    expect(report.replay?.eventCount).toBe(42);
    expect((await call('GET', '/feedback-reports/rpt-demo-001', { token })).body).toEqual(report);

    // The OEM's organisation has no reports of the platform's key: 404 from both, as for none.
    const oem = await signIn('OEMA');
    const oemCtx = await authOfToken(oem, db);
    if (!oemCtx) throw new Error('no session');
    const hidden = await getFeedbackReport(deps, callerOf(oemCtx), 'rpt-demo-001').catch((e: unknown) => e);
    const fromDemoHidden = await call('GET', '/feedback-reports/rpt-demo-001', { token: oem });
    expect({ status: fromDemoHidden.status, body: fromDemoHidden.body }).toEqual(appErrorAnswer(hidden as AppError));
    expect(fromDemoHidden.status).toBe(404);

    // A fleet admin holds no fb: 403; an unknown status: 400.
    const fleet = await signIn('FA');
    expect((await call('GET', '/feedback-reports', { token: fleet })).status).toBe(403);
    const refused = await listFeedbackReports(deps, callerOf(ctx), { filter: { status: 'CLOSED' } }).catch(
      (e: unknown) => e,
    );
    const fromDemoRefused = await call('GET', '/feedback-reports?filter[status]=CLOSED', { token });
    expect({ status: fromDemoRefused.status, body: fromDemoRefused.body }).toEqual(appErrorAnswer(refused as AppError));
    expect(fromDemoRefused.status).toBe(400);
  });

  test("the demo's report-to-ticket answers the services' ticket, link, 409, 404 and 403", async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    // The service on one report, the demo's handler on another: the same ticket but for its id, ref and times.
    const byService = await createTicketFromReport(worldReportTicketDeps(db, ctx.granted), callerOf(ctx), {
      id: 'rpt-demo-004',
      body: { vehicleId: 'veh-000002' },
    });
    const fromDemo = await call('POST', '/feedback-reports/rpt-demo-005/ticket', {
      token,
      body: { vehicleId: 'veh-000002' },
    });
    expect(fromDemo.status).toBe(201);
    const comparable = (t: Record<string, unknown>) => {
      const { id: _i, ref: _r, createdAt: _c, updatedAt: _u, title: _t, description: _d, events: _e, sla, ...rest } = t;
      expect(sla).toMatchObject({ resolution: { state: 'running' } });
      return rest;
    };
    expect(fromDemo.body.description).toContain('Widget report rpt-demo-005 (');
    expect(comparable(fromDemo.body)).toEqual(comparable(byService as unknown as Record<string, unknown>));
    expect(byService).toMatchObject({ source: 'widget', vehicleId: 'veh-000002' });
    const report = (await call('GET', '/feedback-reports/rpt-demo-005', { token })).body;
    expect(report.ticket).toEqual({ id: fromDemo.body.id, ref: fromDemo.body.ref });
    expect(
      (await getFeedbackReport({ reports: worldFeedbackReader(db) }, callerOf(ctx), 'rpt-demo-004')).ticket,
    ).toEqual({
      id: byService.id,
      ref: byService.ref,
    });

    // A second ticket: the same 409 from both, and no ticket more.
    const tickets = db.tables.tickets.all().length;
    const refused = await createTicketFromReport(worldReportTicketDeps(db, ctx.granted), callerOf(ctx), {
      id: 'rpt-demo-005',
      body: { vehicleId: 'veh-000002' },
    }).catch((e: unknown) => e);
    const again = await call('POST', '/feedback-reports/rpt-demo-004/ticket', {
      token,
      body: { vehicleId: 'veh-000002' },
    });
    expect(again.status).toBe(409);
    expect((refused as AppError).status).toBe(409);
    expect(db.tables.tickets.all().length).toBe(tickets);

    // Another organisation's report: 404; no fb: 403.
    const oem = await signIn('OEMA');
    const oemCtx = await authOfToken(oem, db);
    if (!oemCtx) throw new Error('no session');
    const hidden = await createTicketFromReport(worldReportTicketDeps(db, oemCtx.granted), callerOf(oemCtx), {
      id: 'rpt-demo-001',
      body: { vehicleId: 'veh-000002' },
    }).catch((e: unknown) => e);
    const fromDemoHidden = await call('POST', '/feedback-reports/rpt-demo-001/ticket', {
      token: oem,
      body: { vehicleId: 'veh-000002' },
    });
    expect({ status: fromDemoHidden.status, body: fromDemoHidden.body }).toEqual(appErrorAnswer(hidden as AppError));
    expect(fromDemoHidden.status).toBe(404);
    const fleet = await signIn('FA');
    expect((await call('POST', '/feedback-reports/rpt-demo-001/ticket', { token: fleet, body: {} })).status).toBe(403);
  });

  test("every entry the demo writes holds the services' hash of it, linked to the one before", async () => {
    const token = await signIn('SA');
    const seeded = (await call('GET', '/audit', { token })).body.total;
    await call('POST', '/vehicles/veh-000001/resync', { token });
    await call('PATCH', '/vehicles/veh-000001', { token, body: { registrationNumber: 'SHARED-1' } });
    expect((await call('DELETE', '/geofences/GF-KATRAJ', { token })).status).toBe(204);
    // A resource that has not moved yet appends through the same chain (recordAudit -> appendAudit).
    const rule = (await getWorldDb()).tables.rules.all()[0];
    expect((await call('DELETE', `/rules/${rule?.id}`, { token })).status).toBe(204);
    // The four written entries and the last seeded one they link to.
    const newest = (await call('GET', '/audit?sort=seq:desc&pageSize=5', { token })).body.items;
    const items = [...newest].reverse() as { hash: string; seq: number; prevHash: string }[];
    expect(items.map((e) => e.seq)).toEqual([seeded, seeded + 1, seeded + 2, seeded + 3, seeded + 4]);
    for (const [i, { hash, ...rest }] of items.entries()) {
      expect(await entryHash(rest as Parameters<typeof entryHash>[0])).toBe(hash);
      if (i > 0) expect(rest.prevHash).toBe(items[i - 1]?.hash);
    }
  });

  test('concurrent writes never fork the chain', async () => {
    const token = await signIn('SA');
    const seeded = (await call('GET', '/audit', { token })).body.total;
    const ids = ['veh-000001', 'veh-000002', 'veh-000003', 'veh-000004', 'veh-000005'];
    const answers = await Promise.all(ids.map((id) => call('POST', `/vehicles/${id}/resync`, { token })));
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const check = await call('GET', '/audit/verify', { token });
    expect(check.body).toEqual({ ok: true, checked: seeded + 5, total: seeded + 5, broken: null });
  });

  test("the demo's profile answers exactly the service's errors: a taken e-mail, a wrong current password", async () => {
    const token = await signIn('FE');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const caller = callerOf(ctx);
    const deps = worldProfileDeps(db);
    const patch = { email: 'SA@voltline.demo' };
    const taken = await updateProfile(deps, caller, { patch }).catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(AppError);
    const fromDemo = await call('PATCH', '/profile', { token, body: patch });
    expect({ status: fromDemo.status, body: fromDemo.body }).toEqual(appErrorAnswer(taken as AppError));
    expect(fromDemo.status).toBe(409);

    const body = { currentPassword: 'not-it', newPassword: 'short' };
    const wrong = await changePassword(deps, caller, { body }).catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(AppError);
    const wrongFromDemo = await call('POST', '/profile/password', { token, body });
    expect({ status: wrongFromDemo.status, body: wrongFromDemo.body }).toEqual(appErrorAnswer(wrong as AppError));
    expect(wrongFromDemo.status).toBe(400);
  });

  test("the demo's settings answer exactly the service's errors: a logo that lies, a taken live key name", async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const caller = callerOf(ctx);
    const deps = worldSettingsDeps(db);
    const body = { dataUrl: `data:image/png;base64,${btoa('not really a png')}`, fileName: 'x.png' };
    const lying = await putCompanyLogo(deps, caller, { body }).catch((error: unknown) => error);
    expect(lying).toBeInstanceOf(AppError);
    const fromDemo = await call('PUT', '/settings/logo', { token, body });
    expect({ status: fromDemo.status, body: fromDemo.body }).toEqual(appErrorAnswer(lying as AppError));
    expect(fromDemo.status).toBe(400);

    const taken = { name: 'data warehouse EXPORT', scope: 'read' };
    const conflict = await createApiKey(deps, caller, { body: taken }).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(AppError);
    const conflictFromDemo = await call('POST', '/api-keys', { token, body: taken });
    expect({ status: conflictFromDemo.status, body: conflictFromDemo.body }).toEqual(
      appErrorAnswer(conflict as AppError),
    );
    expect(conflictFromDemo.status).toBe(409);
  });

  test("the demo's SDK keys are the services': the list, a bad colour's 400, another organisation's 404, 403; an edit is chained", async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const deps = worldSdkKeyDeps(db);
    const listed = await listSdkKeys(deps, callerOf(ctx));
    expect(listed.map((k) => k.key)).toContain('demo-widget-key');
    expect((await call('GET', '/sdk-keys', { token })).body).toEqual(listed);

    const bad = { name: 'Site', config: { color: 'blue', language: 'nl' } };
    const refused = await createSdkKey(deps, callerOf(ctx), { body: bad }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    const fromDemoRefused = await call('POST', '/sdk-keys', { token, body: bad });
    expect({ status: fromDemoRefused.status, body: fromDemoRefused.body }).toEqual(appErrorAnswer(refused as AppError));
    expect(fromDemoRefused.status).toBe(400);

    // The platform's key is out of an OEM admin's organisation: 404 from both.
    const oem = await signIn('OEMA');
    const oemCtx = await authOfToken(oem, db);
    if (!oemCtx) throw new Error('no session');
    const patch = { config: { color: '#000000' } };
    const hidden = await updateSdkKey(deps, callerOf(oemCtx), { id: 'sdk-demo', body: patch }).catch((e: unknown) => e);
    const fromDemoHidden = await call('PATCH', '/sdk-keys/sdk-demo', { token: oem, body: patch });
    expect({ status: fromDemoHidden.status, body: fromDemoHidden.body }).toEqual(appErrorAnswer(hidden as AppError));
    expect(fromDemoHidden.status).toBe(404);
    // A fleet admin holds no `s`: 403.
    expect((await call('GET', '/sdk-keys', { token: await signIn('FA') })).status).toBe(403);

    // A key made and edited in the demo: the answer is the service's reading of the stored config, audited in the chain.
    const created = await call('POST', '/sdk-keys', { token, body: { name: 'Help centre' } });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const edited = await call('PATCH', `/sdk-keys/${id}`, {
      token,
      body: { config: { color: '#0a7d3e', position: 'BOTTOM_LEFT', language: 'de' } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual((await listSdkKeys(deps, callerOf(ctx))).find((k) => k.id === id));
    expect(db.tables.sdkKeys.get(id)?.config).toMatchObject({
      color: '#0A7D3E',
      feedbackButtonPosition: 'BOTTOM_LEFT',
      localizationOptions: { language: 'de', rtl: false },
    });
    const last = db.tables.audit.all().at(-1);
    expect(last).toMatchObject({ entity: 'Settings', entityId: id, action: 'Update' });
  });

  test("the demo's carbon settings answer exactly the service's validation error", async () => {
    const token = await signIn('OEMA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const body = { gridIntensity: 0.65, chargingLossPct: 12, baseline2w: 0, baseline3w: -5, regions: 'Pune' };
    const refused = await saveCarbonSettings(worldCarbonSettingsDeps(db), callerOf(ctx), { body }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    const fromDemo = await call('PUT', '/analysis/carbon-settings', { token, body });
    expect({ status: fromDemo.status, body: fromDemo.body }).toEqual(appErrorAnswer(refused as AppError));
    expect(fromDemo.body.fieldErrors.baseline2w).toBe('A 2 Wheeler baseline must be more than 0.');
  });

  test("the demo's access grants are the services': the scoped list, the refusal, and what a grant hands its holder", async () => {
    const token = await signIn('OEMA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const deps = worldAccessGrantDeps(db);
    const listed = await listAccessGrants(deps, callerOf(ctx), { pageSize: 100 });
    const fromDemo = await call('GET', '/access-grants?pageSize=100', { token });
    expect(fromDemo.body).toEqual(listed);
    expect(listed.items.every((g) => g.oemId === ctx.user.oemId)).toBe(true);

    const body = { target: 'deviceKind', kind: 'mcu', roleCode: 'BMSA', granteeId: 'usr-bmsa' };
    const refused = await createAccessGrant(deps, callerOf(ctx), body).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    const refusedFromDemo = await call('POST', '/access-grants', { token, body });
    expect({ status: refusedFromDemo.status, body: refusedFromDemo.body }).toEqual(appErrorAnswer(refused as AppError));
    expect(refusedFromDemo.status).toBe(400);

    // A device-kind grant made through the demo hands its holder what the services' grantedPermissions says.
    const sa = await signIn('SA');
    const made = await call('POST', '/access-grants', { token: sa, body });
    expect(made.status).toBe(201);
    const holder = await authOfToken(await signIn('BMSA'), db);
    if (!holder) throw new Error('no session');
    const granted = grantedPermissions(
      callerOf(holder).user,
      db.tables.accessGrants.values(),
      (c) => db.tables.roles.get(c),
      Date.now(),
    );
    expect(granted?.['MCU.l']).toBeGreaterThan(0);
    expect(holder.permissions['MCU.l']).toBe(granted?.['MCU.l']);
    expect((await call('POST', `/access-grants/${made.body.id}/revoke`, { token: sa })).status).toBe(200);
    expect((await authOfToken(await signIn('BMSA'), db))?.permissions['MCU.l'] ?? 0).toBe(0);
  });

  test("the demo's dashboards answer what the service answers: the default, a misplaced panel, another's dashboard", async () => {
    const token = await signIn('OEMA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const caller = callerOf(ctx);
    const deps = worldDashboardDeps(db);
    const listed = await call('GET', '/dashboards', { token });
    expect(listed.body).toEqual(await listDashboards(deps, caller));
    expect(listed.body[0]).toMatchObject({ id: 'default-oem', builtIn: true });

    const body = { name: 'Narrow', panels: [{ id: 'x', panel: 'map' as const, x: 0, y: 0, w: 2, h: 6 }] };
    const refused = await createDashboard(deps, caller, body).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    const fromDemo = await call('POST', '/dashboards', { token, body });
    expect({ status: fromDemo.status, body: fromDemo.body }).toEqual(appErrorAnswer(refused as AppError));
    expect(fromDemo.body.fieldErrors.panels).toBe(
      'Real-Time Map View of Vehicle must be 4 to 12 columns wide inside the grid.',
    );

    const theirs = await call('POST', '/dashboards', { token: await signIn('SA'), body: { name: 'SA', panels: [] } });
    expect(theirs.status).toBe(201);
    const patch = { name: 'Taken' };
    const missing = await updateDashboard(deps, caller, { id: theirs.body.id, patch }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(AppError);
    const missingFromDemo = await call('PATCH', `/dashboards/${theirs.body.id}`, { token, body: patch });
    expect({ status: missingFromDemo.status, body: missingFromDemo.body }).toEqual(appErrorAnswer(missing as AppError));
    expect(missingFromDemo.status).toBe(404);
    expect(db.tables.dashboards.get(theirs.body.id)?.name).toBe('SA');
  });

  test("the demo's recent faults, fault summary and fleet status panels answer what the service answers, in the caller's scope", async () => {
    const token = await signIn('FA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const newest = Math.max(...Array.from(db.tables.faults.values(), (f) => f.occurredAt));
    const range = { from: new Date(newest - 30 * 86_400_000).toISOString(), to: new Date(newest).toISOString() };
    const fromService = await dashboardRecentFaults(worldDashboardDataDeps(db, ctx.granted), callerOf(ctx), range);
    const fromDemo = await call('GET', `/dashboard-data/recent-faults?from=${range.from}&to=${range.to}`, { token });
    expect(fromDemo.status).toBe(200);
    expect(fromDemo.body).toEqual(fromService);
    expect(fromService.items.length).toBeGreaterThan(0);
    const inScope = new Set(
      Array.from(db.tables.vehicles.values(), (v) => v)
        .filter((v) => v.fleetId === ctx.user.fleetId)
        .map((v) => v.id),
    );
    expect(fromService.items.every((f) => inScope.has(f.vehicleId))).toBe(true);
    const status = await call('GET', '/dashboard-data/fleet-status', { token });
    expect(status.body).toEqual(await dashboardFleetStatus(worldDashboardDataDeps(db, ctx.granted), callerOf(ctx)));
    expect(status.body.total).toBe(inScope.size);
    const summary = await call('GET', `/dashboard-data/fault-summary?from=${range.from}&to=${range.to}`, { token });
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual(
      await dashboardFaultSummary(worldDashboardDataDeps(db, ctx.granted), callerOf(ctx), range),
    );
  });

  test("the demo's trips, a trip's route and saved locations answer what the trip services answer, in the caller's scope", async () => {
    const token = await signIn('FA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const deps = worldTripDeps(db, ctx.granted);
    const caller = callerOf(ctx);
    const vehicles = Array.from(db.tables.vehicles.values());
    const own = vehicles.find((v) => v.fleetId === ctx.user.fleetId && v.lastSeenAt > v.createdAt)!;
    const other = vehicles.find((v) => v.fleetId !== ctx.user.fleetId)!;

    const input = { id: own.id, sort: 'distanceKm:desc', filter: { status: '2' }, pageSize: 5, page: 2 };
    const fromService = await listVehicleTrips(deps, caller, input);
    const fromDemo = await call(
      'GET',
      `/vehicles/${own.id}/trips?sort=distanceKm:desc&filter[status]=2&pageSize=5&page=2`,
      {
        token,
      },
    );
    expect(fromDemo.status).toBe(200);
    expect(fromDemo.body).toEqual(fromService);
    expect(fromService.items).toHaveLength(5);

    const trip = fromService.items[0]!;
    const route = await call('GET', `/vehicles/${own.id}/trips/${trip.id}/route`, { token });
    expect(route.body).toEqual(await getVehicleTripRoute(deps, caller, { id: own.id, tripId: trip.id }));
    expect(route.body.points.length).toBeGreaterThan(10);

    const locations = await call('GET', `/vehicles/${own.id}/locations`, { token });
    expect(locations.body).toEqual(await listVehicleLocations(deps, caller, { id: own.id }));

    // Refusals: a vehicle outside the fleet (404) and a bad range (400) are the services' answers.
    const hidden = await listVehicleTrips(deps, caller, { id: other.id }).catch((error: unknown) => error);
    const hiddenFromDemo = await call('GET', `/vehicles/${other.id}/trips`, { token });
    expect({ status: hiddenFromDemo.status, body: hiddenFromDemo.body }).toEqual(appErrorAnswer(hidden as AppError));
    expect(hiddenFromDemo.status).toBe(404);
    const range = { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' };
    const bad = await listVehicleTrips(deps, caller, { id: own.id, ...range }).catch((error: unknown) => error);
    const badFromDemo = await call('GET', `/vehicles/${own.id}/trips?from=${range.from}&to=${range.to}`, { token });
    expect({ status: badFromDemo.status, body: badFromDemo.body }).toEqual(appErrorAnswer(bad as AppError));
    expect(badFromDemo.status).toBe(400);
  });

  test("the demo's telemetry, battery cycles and cells answer what the services answer, and their refusals", async () => {
    const token = await signIn('OEMA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const caller = callerOf(ctx);
    const vehicles = Array.from(db.tables.vehicles.values());
    const own = vehicles.find((v) => v.oemId === ctx.user.oemId && v.bmsId !== null)!;
    const other = vehicles.find((v) => v.oemId !== ctx.user.oemId)!;
    const foreignBms = Array.from(db.tables.bmsDevices.values()).find((d) => d.oemId !== ctx.user.oemId)!;
    const to = db.world.referenceTime;
    const range = { from: new Date(to - 6 * 3_600_000).toISOString(), to: new Date(to).toISOString() };
    const query = `from=${range.from}&to=${range.to}&points=50`;
    const telemetry = worldTelemetryDeps(db, ctx.granted);
    const fromService = await getVehicleTelemetry(telemetry, caller, { id: own.id, ...range, points: '50' });
    expect(fromService.items.some((s) => s.points.length === 50)).toBe(true);
    expect((await call('GET', `/vehicles/${own.id}/telemetry?${query}`, { token })).body).toEqual(fromService);
    const device = await call('GET', `/devices/${own.bmsId}/telemetry?${query}`, { token });
    expect(device.body).toEqual(
      await getDeviceTelemetry(telemetry, caller, { id: own.bmsId!, ...range, points: '50' }),
    );

    const refusals: [string, () => Promise<unknown>][] = [
      [
        `/vehicles/${other.id}/telemetry?${query}`,
        () => getVehicleTelemetry(telemetry, caller, { id: other.id, ...range }),
      ],
      [
        `/vehicles/${own.id}/telemetry?${query}&keys=warp`,
        () => getVehicleTelemetry(telemetry, caller, { id: own.id, ...range, keys: 'warp' }),
      ],
    ];
    const cycles = worldBatteryCycleDeps(db, ctx.granted);
    const page = await listBatteryCycles(cycles, caller, { id: own.bmsId!, pageSize: 5, sort: 'energyKwh:desc' });
    expect((await call('GET', `/devices/${own.bmsId}/cycles?pageSize=5&sort=energyKwh:desc`, { token })).body).toEqual(
      page,
    );
    const cycleId = page.items[0]!.id;
    const cells = await getCycleCells(cycles, caller, { id: own.bmsId!, cycleId, points: '20' });
    expect(cells.items).toHaveLength(20);
    expect((await call('GET', `/devices/${own.bmsId}/cycles/${cycleId}/cells?points=20`, { token })).body).toEqual(
      cells,
    );
    refusals.push(
      [
        `/devices/${own.bmsId}/cycles?filter[status]=9`,
        () => listBatteryCycles(cycles, caller, { id: own.bmsId!, filter: { status: '9' } }),
      ],
      [`/devices/${foreignBms.id}/cycles`, () => listBatteryCycles(cycles, caller, { id: foreignBms.id })],
    );
    for (const [url, service] of refusals) {
      const thrown = await service().catch((e: unknown) => e);
      expect(thrown, url).toBeInstanceOf(AppError);
      const demo = await call('GET', url, { token });
      expect({ status: demo.status, body: demo.body }, url).toEqual(appErrorAnswer(thrown as AppError));
    }
  });

  test("the demo's activity, charging and CO2 panels answer what the service answers over the roll-up, in the caller's scope", async () => {
    const token = await signIn('FA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const to = db.world.referenceTime;
    const range = { from: new Date(to - 14 * 86_400_000).toISOString(), to: new Date(to).toISOString() };
    const query = `from=${range.from}&to=${range.to}`;
    const deps = worldActivityDeps(db, ctx.granted);
    const activity = await dashboardActivity(deps, callerOf(ctx), range);
    expect((await call('GET', `/dashboard-data/activity?${query}`, { token })).body).toEqual(activity);
    expect(activity.days).toHaveLength(14);
    expect(activity.vehicles).toBe(db.tables.vehicles.all().filter((v) => v.fleetId === ctx.user.fleetId).length);
    expect(activity.days.some((d) => d.distanceKm > 0)).toBe(true);
    const charging = await dashboardCharging(deps, callerOf(ctx), range);
    expect((await call('GET', `/dashboard-data/charging?${query}`, { token })).body).toEqual(charging);
    expect(charging.sessions).toBeGreaterThan(0);
    const co2 = await dashboardCo2(deps, callerOf(ctx), range);
    expect((await call('GET', `/dashboard-data/co2?${query}`, { token })).body).toEqual(co2);
    expect(co2.distanceKm).toBeCloseTo(
      activity.days.reduce((s, d) => s + d.distanceKm, 0),
      -1,
    );
    const backwards = await dashboardActivity(deps, callerOf(ctx), { from: range.to, to: range.from }).catch(
      (error: unknown) => error,
    );
    expect(backwards).toBeInstanceOf(AppError);
    const fromDemo = await call('GET', `/dashboard-data/activity?from=${range.to}&to=${range.from}`, { token });
    expect({ status: fromDemo.status, body: fromDemo.body }).toEqual(appErrorAnswer(backwards as AppError));
  });

  test("the demo's analysis subjects, comparison and carbon report answer what the services answer; an export's refusal is the service's", async () => {
    const token = await signIn('FA');
    const db = await getWorldDb();
    const ctx = await authOfToken(token, db);
    if (!ctx) throw new Error('no session');
    const deps = worldActivityDeps(db, ctx.granted);
    const subjects = await listAnalysisSubjects(deps, callerOf(ctx), { groupBy: 'vehicle' });
    expect((await call('GET', '/analysis/subjects?groupBy=vehicle', { token })).body).toEqual(subjects);
    expect(subjects.items.length).toBeGreaterThan(0);
    const query = { groupBy: 'vehicle', top: '3', from: '2025-12-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' };
    const compared = await compareAnalysis(deps, callerOf(ctx), query);
    const fromDemo = await call('GET', `/analysis/compare?${new URLSearchParams(query)}`, { token });
    expect(fromDemo.body).toEqual(compared);
    expect(compared.subjects).toHaveLength(3);
    const report = await getCarbonReport(deps, callerOf(ctx), { from: query.from, to: query.to });
    expect((await call('GET', `/analysis/carbon?from=${query.from}&to=${query.to}`, { token })).body).toEqual(report);
    expect(report.total.distanceKm).toBeGreaterThan(0);
    const otherFleet = db.tables.fleets.all().find((f) => f.id !== ctx.user.fleetId)?.id ?? '';
    const outside = await getCarbonReport(deps, callerOf(ctx), { fleetId: otherFleet }).catch((e: unknown) => e);
    expect(outside).toBeInstanceOf(AppError);
    const outsideByDemo = await call('GET', `/analysis/carbon?fleetId=${otherFleet}`, { token });
    expect({ status: outsideByDemo.status, body: outsideByDemo.body }).toEqual(appErrorAnswer(outside as AppError));
    expect(outsideByDemo.status).toBe(404);
    const refused = await recordAnalysisExport(deps, callerOf(ctx), { kind: 'compare' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    const refusedByDemo = await call('POST', '/analysis/exports', { token, body: { kind: 'compare' } });
    expect({ status: refusedByDemo.status, body: refusedByDemo.body }).toEqual(appErrorAnswer(refused as AppError));
  });

  test("the demo's SoC, battery health, tickets, firmware rollouts and my-vehicles panels answer what the services answer", async () => {
    const db = await getWorldDb();
    const sideOf = async (role: Parameters<typeof signIn>[0]) => {
      const token = await signIn(role);
      const ctx = await authOfToken(token, db);
      if (!ctx) throw new Error('no session');
      return { token, caller: callerOf(ctx), deps: worldDashboardDataDeps(db, ctx.granted), granted: ctx.granted };
    };
    const fa = await sideOf('FA');
    const soc = await call('GET', '/dashboard-data/soc-distribution', { token: fa.token });
    expect(soc.status).toBe(200);
    expect(soc.body).toEqual(await dashboardSocDistribution(fa.deps, fa.caller));
    const inFleet = Array.from(db.tables.vehicles.values()).filter((v) => v.fleetId === fa.caller.user.fleetId);
    expect(soc.body.total).toBe(inFleet.length);
    const health = await call('GET', '/dashboard-data/battery-health', { token: fa.token });
    expect(health.body).toEqual(await dashboardBatteryHealth(fa.deps, fa.caller));
    const tickets = await call('GET', '/dashboard-data/tickets', { token: fa.token });
    expect(tickets.status).toBe(200);
    expect(tickets.body).toEqual(await dashboardTickets(fa.deps, fa.caller));

    const oem = await sideOf('OEMA');
    // The demo settles its simulated rollouts first; the service then reads the same state.
    const rollouts = await call('GET', '/dashboard-data/firmware-rollouts', { token: oem.token });
    expect(rollouts.status).toBe(200);
    expect(rollouts.body).toEqual(await dashboardFirmwareRollouts(oem.deps, oem.caller));
    const refused = await dashboardFirmwareRollouts(fa.deps, fa.caller).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    const refusedByDemo = await call('GET', '/dashboard-data/firmware-rollouts', { token: fa.token });
    expect({ status: refusedByDemo.status, body: refusedByDemo.body }).toEqual(appErrorAnswer(refused as AppError));

    const dr = await sideOf('DR');
    const mine = await call('GET', '/dashboard-data/my-vehicles', { token: dr.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(await dashboardMyVehicles(worldMyVehiclesDeps(db, dr.granted), dr.caller));
    expect(mine.body.items.length).toBeGreaterThan(0);
  });

  test("the demo's hardware log answers what the service answers, in the caller's device scope, and its errors", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 5, 1, 12) });
    try {
      const token = await signIn('OEMA');
      const db = await getWorldDb();
      const ctx = await authOfToken(token, db);
      if (!ctx) throw new Error('no session');
      const deps = worldHardwareLogDeps(db, ctx.granted);
      const input = { pageSize: 100, page: 2, filter: { level: 'WARN,ERROR' } };
      const fromDemo = await call('GET', '/hardware-logs?pageSize=100&page=2&filter[level]=WARN,ERROR', { token });
      expect(fromDemo.status).toBe(200);
      const fromService = await listHardwareLogs(deps, callerOf(ctx), input);
      expect(fromDemo.body).toEqual(fromService);
      expect(fromService.items.length).toBeGreaterThan(0);
      const oemLoggers = new Set(
        Array.from(db.tables.loggers.values())
          .filter((d) => d.oemId === ctx.user.oemId)
          .map((d) => d.id),
      );
      expect(fromService.items.every((e) => oemLoggers.has(e.deviceId))).toBe(true);
      const bad = await listHardwareLogs(deps, callerOf(ctx), { filter: { level: 'FATAL' } }).catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(AppError);
      const badFromDemo = await call('GET', '/hardware-logs?filter[level]=FATAL', { token });
      expect({ status: badFromDemo.status, body: badFromDemo.body }).toEqual(appErrorAnswer(bad as AppError));
      expect(badFromDemo.status).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a transaction that fails leaves the world as it found it', async () => {
    const token = await signIn('SA');
    const { db, caller, deps } = await serviceSide(token);
    const before = db.tables.vehicles.get('veh-000001');
    const seeded = db.tables.audit.size;
    const failed = deps.transact(async (tx) => {
      await tx.vehicles.update('veh-000001', { registrationNumber: 'ROLLED-BACK' });
      await tx.vehicles.delete('veh-000002');
      await tx.audit.insert({
        id: 'aud-rolled-back',
        seq: seeded + 1,
        occurredAt: new Date().toISOString(),
        userId: caller.user.id,
        userName: caller.user.name,
        role: caller.user.role,
        ip: null,
        userAgent: null,
        entity: 'Vehicle',
        entityId: 'veh-000001',
        action: 'Update',
        summary: 'never committed',
        changes: [],
        prevHash: '0'.repeat(64),
        hash: '0'.repeat(64),
      });
      throw new Error('the write after these fails');
    });
    await expect(failed).rejects.toThrow('the write after these fails');
    expect(db.tables.vehicles.get('veh-000001')).toEqual(before);
    expect(db.tables.vehicles.get('veh-000002')).toBeDefined();
    expect(db.tables.audit.size).toBe(seeded);
    expect(db.tables.audit.get('aud-rolled-back')).toBeUndefined();
  });
  test("the demo's sign-in and sessions answer what the services answer (decision 0110, sign-in and sessions moved)", async () => {
    const db = await getWorldDb();
    const deps = worldAuthDeps(db);
    const client = { ip: null, userAgent: 'vitest' };
    const email = demoEmailFor('EVO');
    const right = { email, password: DEMO_PASSWORD };
    const wrong = { email, password: 'not-it' };
    const errorOf = (work: Promise<unknown>) =>
      work.then(
        () => {
          throw new Error('the service answered');
        },
        (error: unknown) => {
          expect(error).toBeInstanceOf(AppError);
          return appErrorAnswer(error as AppError);
        },
      );
    try {
      // Success: the same account view and permissions; either's token is a session of the same store.
      const byService = await login(deps, client, right);
      const byDemo = await call('POST', '/auth/login', { body: right });
      expect(byDemo.status).toBe(200);
      expect(byDemo.body).toEqual({ ...byService, token: expect.stringMatching(/^vl_/) });
      expect(byDemo.body.token).not.toBe(byService.token);
      expect((await call('GET', '/auth/me', { token: byService.token })).status).toBe(200);
      // Only the token's SHA-256 is kept.
      expect(JSON.stringify(db.tables.sessions.all())).not.toContain(byDemo.body.token);

      // A wrong password: the service's error, exactly.
      const wrongByService = await errorOf(login(deps, client, wrong));
      const wrongByDemo = await call('POST', '/auth/login', { body: wrong });
      expect({ status: wrongByDemo.status, body: wrongByDemo.body }).toEqual(wrongByService);
      expect(wrongByDemo.status).toBe(400);

      // Repeated failures: after MAX_FAILURES_PER_ACCOUNT (counted by the service and the demo alike), 429 with the
      // wait, even for the right password, from both.
      for (let n = 2; n < MAX_FAILURES_PER_ACCOUNT; n += 1) {
        expect((await call('POST', '/auth/login', { body: wrong })).status).toBe(400);
      }
      const lockedByService = await errorOf(login(deps, client, right));
      expect(lockedByService.status).toBe(429);
      const lockedByDemo = await fetch(new URL('/api/auth/login', location.href), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(right),
      });
      expect({ status: lockedByDemo.status, body: await lockedByDemo.json() }).toEqual(lockedByService);
      expect(Number(lockedByDemo.headers.get('Retry-After'))).toBeGreaterThan(0);
      await worldAuthStore(db).clearFailures(email);

      // Logout: the service's and the demo's both end the session; its token is 401 after.
      const ctx = await authOfToken(byService.token, db);
      if (!ctx) throw new Error('no session');
      await logout(deps, callerOf(ctx));
      expect((await call('GET', '/auth/me', { token: byService.token })).status).toBe(401);
      expect(await authOfToken(byService.token, db)).toBeNull();
      expect((await call('POST', '/auth/logout', { token: byDemo.body.token })).status).toBe(204);
      expect((await call('GET', '/auth/me', { token: byDemo.body.token })).status).toBe(401);

      // Sign out the others: the service ends every live session but the caller's, as the demo's handler does.
      const first = await signIn('EVO');
      await signIn('EVO');
      const firstCtx = await authOfToken(first, db);
      if (!firstCtx) throw new Error('no session');
      const live = await listSessions(deps, callerOf(firstCtx));
      expect(live.filter((s) => s.current)).toHaveLength(1);
      expect(await signOutOtherSessions(deps, callerOf(firstCtx))).toEqual({ ended: live.length - 1 });
      const third = await signIn('EVO');
      expect((await call('POST', '/profile/sessions/sign-out-others', { token: third })).body).toEqual({ ended: 1 });
      expect((await call('GET', '/auth/me', { token: first })).status).toBe(401);
      const thirdCtx = await authOfToken(third, db);
      if (!thirdCtx) throw new Error('no session');
      expect(await signOutOtherSessions(deps, callerOf(thirdCtx))).toEqual({ ended: 0 });
      expect((await call('POST', '/profile/sessions/sign-out-others', { token: third })).body).toEqual({ ended: 0 });
      expect((await call('GET', '/profile/sessions', { token: third })).body).toEqual(
        await listSessions(deps, callerOf(thirdCtx)),
      );
    } finally {
      await worldAuthStore(db).clearFailures(email);
    }
  });
});
