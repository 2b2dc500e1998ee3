import { type Insertable, sql } from 'kysely';
import { COMMAND_DEFAULT_EXPIRY_S } from '@/domain/command-params';
import { hashPassword } from '../security/passwords';
import type { Db } from './database';
import { seededActivityWindow } from '../services/activity/activity-days';
import { activityDayColumns } from './repositories/activity-repository';
import { commandColumns } from './repositories/command-repository';
import { deviceGroupColumns } from './repositories/device-group-repository';
import { deviceColumns } from './repositories/device-repository';
import { geofenceColumns } from './repositories/geofence-repository';
import { seedDemoFeedbackReports, seedSdkKeys } from './repositories/feedback-repository';
import { seedWidgetEngagement } from './repositories/widget-engagement-repository';
import { faultColumns } from './repositories/fault-repository';
import { hardwareLogColumns } from './repositories/hardware-log-repository';
import { otaUpdateColumns, releaseColumns, rolloutColumns } from './repositories/firmware-repository';
import { modelColumns } from './repositories/model-repository';
import { notificationColumns } from './repositories/notification-repository';
import { ruleColumns } from './repositories/rule-repository';
import { ticketColumns, ticketMessageColumns } from './repositories/ticket-repository';
import { savedLocationColumns, tripColumns } from './repositories/trip-repository';
import { encodeRoute } from './route-codec';
import { organisationColumns } from './repositories/organisation-repository';
import { simColumns } from './repositories/sim-repository';
import { vehicleColumns } from './repositories/vehicle-repository';
import type {
  DeviceGroupTable,
  DeviceTable,
  CommandTable,
  FaultTable,
  TicketTable,
  GeofenceTable,
  ModelTable,
  NotificationTable,
  RuleTable,
  SavedLocationTable,
  SimTable,
  TripRouteTable,
  TripTable,
  VehicleTable,
} from './schema';
import { unionOfTemplates } from '../services/telemetry/get-telemetry';
import type { TelemetryKey } from '../services/telemetry/telemetry-store';
import { batteryCycleColumns } from './repositories/battery-cycle-repository';
import { telemetryColumns } from './repositories/telemetry-repository';
import {
  activityDaysOf,
  batteryCyclesOf,
  CELL_SAMPLES,
  cellHistoryOf,
  createWorld,
  DEFAULT_SEED,
  DEMO_PASSWORD,
  demoFeedbackReports,
  demoWidgetEngagement,
  hardwareLogsOf,
  savedLocationsOf,
  supplyContractOf,
  telemetryRunsOf,
  tripRouteOf,
  tripsOf,
} from './seed-source';

const BATCH = 1000;
/** The telemetry the seed writes: the last day before the world's "now", at the world's 15-minute grid (decision 0114). */
export const TELEMETRY_SEED_HOURS = 24;
/** The battery cycles the seed writes: those started in the last 14 days. */
export const CYCLE_SEED_DAYS = 14;
/** A BMS's newest cycles whose cell samples the seed keeps. */
export const CELL_SEED_CYCLES = 1;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * The hardware log's seeded window before the world's "now" (decision 0114): the demo keeps three days, one message
 * per fitted logger per half hour; the server seeds the last 12 hours of it, and ingestion (issue 35) appends.
 */
export const HARDWARE_LOG_SEED_MS = 12 * 3_600_000;
const iso = (ms: number | null | undefined) => new Date(ms ?? 0).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** True when the database holds no account yet (a fresh installation). */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n === 0;
}

/**
 * Seeds the demo world of `vehicles` vehicles (seed 1, as the demo mode) and its accounts (`<role>@voltline.demo`,
 * password demo1234), in one transaction. The demo accounts share one hash of the public demo password.
 */
export async function seedDemoWorld(
  db: Db,
  vehicles: number,
  referenceTime?: number,
): Promise<{ vehicles: number; users: number }> {
  // The world's "now": the server's start (the config's seedTime); without it, the world's fixed default (tests).
  const world = createWorld({ seed: DEFAULT_SEED, size: vehicles, referenceTime });
  const g = world.generate;
  const demoHash = await hashPassword(DEMO_PASSWORD);
  const users = g.users();
  const vehicleRows = g.vehicles();
  const deviceRows = [...g.bmsDevices(), ...g.mcuDevices(), ...g.vcuDevices(), ...g.loggers()];
  await db.transaction().execute(async (tx) => {
    // The organisations: every field a column (migration 0011), in the order their foreign keys need.
    const organisations = [
      ['oem', 'oems', g.oems()],
      ['dealer', 'dealers', g.dealers()],
      ['fleet', 'fleets', g.fleets()],
      ['evOwner', 'ev_owners', g.evOwners()],
      ['driver', 'drivers', g.drivers()],
    ] as const;
    for (const [kind, table, rows] of organisations) {
      await insertInBatches<object>(rows, (batch) =>
        tx
          .insertInto(table)
          .values(
            batch.map(
              (o) =>
                organisationColumns(kind, {
                  ...o,
                  createdAt: iso((o as { createdAt: number }).createdAt),
                }) as never,
            ),
          )
          .execute(),
      );
    }
    await insertInBatches(g.models(), (batch) =>
      tx
        .insertInto('models')
        .values(
          batch.map(
            (m) =>
              modelColumns({
                ...m,
                createdAt: iso(m.createdAt),
                updatedAt: iso(m.updatedAt),
              }) as Insertable<ModelTable>,
          ),
        )
        .execute(),
    );
    // The world's roles (built-in ones, which migration 0009 made with the default matrix, take the world's row).
    for (const r of g.roles()) {
      const row = {
        id: r.id,
        code: r.code,
        name: r.name,
        built_in: r.builtIn,
        permissions: JSON.stringify(r.permissions),
        created_at: iso(r.createdAt),
        updated_at: iso(r.updatedAt),
      };
      await tx
        .insertInto('roles')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...row, id: undefined }))
        .execute();
    }
    await insertInBatches(users, (batch) =>
      tx
        .insertInto('users')
        .values(
          batch.map((u) => ({
            id: u.id,
            email: u.email.toLowerCase(),
            name: u.name,
            role: u.role,
            role_id: u.roleId ?? null,
            status: u.status,
            oem_id: u.oemId ?? null,
            dealer_id: u.dealerId ?? null,
            fleet_id: u.fleetId ?? null,
            ev_owner_id: u.evOwnerId ?? null,
            driver_id: u.driverId ?? null,
            phone: u.phone ?? null,
            password_hash: u.password === DEMO_PASSWORD ? demoHash : 'disabled',
            created_at: iso(u.createdAt),
          })),
        )
        .execute(),
    );
    await insertInBatches(vehicleRows, (batch) =>
      tx
        .insertInto('vehicles')
        .values(
          batch.map(
            (v) =>
              vehicleColumns({
                ...v,
                lastSeenAt: iso(v.lastSeenAt),
                createdAt: iso(v.createdAt),
                updatedAt: iso(v.updatedAt),
              }) as Insertable<VehicleTable>,
          ),
        )
        .execute(),
    );
    // What each vehicle did per UTC day over the seeded window (decision 0114), from its drive profile.
    const window = seededActivityWindow(world.referenceTime);
    await insertInBatches(
      vehicleRows.flatMap((v) => activityDaysOf(world.seed, v, window.from, window.to)),
      (batch) => tx.insertInto('vehicle_activity_days').values(batch.map(activityDayColumns)).execute(),
    );
    await insertInBatches(deviceRows, (batch) =>
      tx
        .insertInto('devices')
        .values(
          batch.map(
            (d) =>
              deviceColumns({
                ...d,
                lastSeenAt: iso(d.lastSeenAt),
                createdAt: iso(d.createdAt),
                updatedAt: iso(d.updatedAt),
              }) as Insertable<DeviceTable>,
          ),
        )
        .execute(),
    );
    await seedHistories(tx, world, vehicleRows, deviceRows);
    await insertInBatches(g.sims(), (batch) =>
      tx
        .insertInto('sims')
        .values(
          batch.map(
            (s) =>
              simColumns({
                ...s,
                createdAt: iso(s.createdAt),
                updatedAt: iso(s.updatedAt),
              }) as Insertable<SimTable>,
          ),
        )
        .execute(),
    );
    await insertInBatches(g.geofences(), (batch) =>
      tx
        .insertInto('geofences')
        .values(
          batch.map(
            (f) =>
              geofenceColumns({
                ...f,
                createdAt: iso(f.createdAt),
                updatedAt: iso(f.updatedAt),
              }) as Insertable<GeofenceTable>,
          ),
        )
        .execute(),
    );
    // The world's rules (its rules seeder), which the notifications below name.
    await insertInBatches(g.rules(), (batch) =>
      tx
        .insertInto('rules')
        .values(
          batch.map(
            (r) =>
              ruleColumns({
                ...r,
                lastFiredAt: isoOrNull(r.lastFiredAt),
                createdAt: iso(r.createdAt),
                updatedAt: iso(r.updatedAt),
              }) as Insertable<RuleTable>,
          ),
        )
        .execute(),
    );
    // The fault history and what the seeded rules sent about it (the world's events seeder), after the vehicles.
    await insertInBatches(g.faults(), (batch) =>
      tx
        .insertInto('faults')
        .values(
          batch.map(
            (f) =>
              faultColumns({
                ...f,
                occurredAt: iso(f.occurredAt),
                clearedAt: isoOrNull(f.clearedAt),
                acknowledgedAt: isoOrNull(f.acknowledgedAt),
              }) as Insertable<FaultTable>,
          ),
        )
        .execute(),
    );
    await insertInBatches(g.deviceGroups(), (batch) =>
      tx
        .insertInto('device_groups')
        .values(
          batch.map(
            (d) =>
              deviceGroupColumns({
                ...d,
                createdAt: iso(d.createdAt),
                updatedAt: iso(d.updatedAt),
              }) as Insertable<DeviceGroupTable>,
          ),
        )
        .execute(),
    );
    // Firmware (the world's seeders): the releases, the seeded paused rollouts, and every device's update history.
    await insertInBatches(g.firmwareReleases(), (batch) =>
      tx
        .insertInto('firmware_releases')
        .values(batch.map((r) => releaseColumns({ ...r, createdAt: iso(r.createdAt) })))
        .execute(),
    );
    await insertInBatches(g.firmwareRollouts(), (batch) =>
      tx.insertInto('firmware_rollouts').values(batch.map(rolloutColumns)).execute(),
    );
    await insertInBatches(g.otaUpdates(), (batch) =>
      tx.insertInto('ota_updates').values(batch.map(otaUpdateColumns)).execute(),
    );
    await insertInBatches(g.notifications(), (batch) =>
      tx
        .insertInto('notifications')
        .values(
          batch.map(
            (n) =>
              notificationColumns({
                ...n,
                sentAt: iso(n.sentAt),
                acknowledgedAt: isoOrNull(n.acknowledgedAt),
                clearedAt: isoOrNull(n.clearedAt),
              }) as Insertable<NotificationTable>,
          ),
        )
        .execute(),
    );
    // The support tickets and their conversations (the world's tickets seeder), after the faults; the references
    // continue after the highest seeded one.
    const tickets = g.tickets();
    await insertInBatches(tickets, (batch) =>
      tx
        .insertInto('tickets')
        .values(
          batch.map(
            (t) =>
              ticketColumns({
                ...t,
                createdAt: iso(t.createdAt),
                updatedAt: iso(t.updatedAt),
                closedAt: isoOrNull(t.closedAt),
                firstResponseAt: isoOrNull(t.firstResponseAt),
                activeSince: isoOrNull(t.activeSince),
                events: t.events.map((e) => ({ ...e, occurredAt: iso(e.occurredAt) })),
              }) as Insertable<TicketTable>,
          ),
        )
        .execute(),
    );
    await insertInBatches(
      tickets.flatMap((t) => t.messages.map((m) => ({ ticketId: t.id, message: m }))),
      (batch) =>
        tx
          .insertInto('ticket_messages')
          .values(
            batch.map(({ ticketId, message }) =>
              ticketMessageColumns(ticketId, { ...message, createdAt: iso(message.createdAt) }),
            ),
          )
          .execute(),
    );
    const highest = Math.max(1000, ...tickets.map((t) => Number(t.ref.slice(4)) || 0));
    await sql`select setval('ticket_refs', ${highest})`.execute(tx);
    // The command history (the world's events seeder), after the vehicles; a rule's name is kept with its command.
    const ruleNames = new Map(g.rules().map((r) => [r.id, r.name]));
    await insertInBatches(g.commands(), (batch) =>
      tx
        .insertInto('commands')
        .values(
          batch.map(
            (c) =>
              commandColumns({
                ...c,
                ruleId: c.ruleId ?? null,
                ruleName: c.ruleId ? (ruleNames.get(c.ruleId) ?? null) : null,
                payload: c.payload ?? null,
                failureReason: c.failureReason ?? null,
                sentAt: iso(c.sentAt),
                acknowledgedAt: isoOrNull(c.acknowledgedAt),
                expiresAt: iso(c.expiresAt ?? c.sentAt + COMMAND_DEFAULT_EXPIRY_S * 1000),
              }) as Insertable<CommandTable>,
          ),
        )
        .execute(),
    );
    // The audit log's seeded past (the world's audit seeder): already a chain by the services' hash, kept as it is.
    await insertInBatches(g.audit(), (batch) =>
      tx
        .insertInto('audit')
        .values(
          batch.map((a) => ({
            seq: a.seq,
            id: a.id,
            occurred_at: iso(a.occurredAt),
            user_id: a.userId,
            user_name: a.userName,
            role: a.role,
            ip: a.ip,
            user_agent: a.userAgent,
            entity: a.entity,
            entity_id: a.entityId,
            action: a.action,
            summary: a.summary,
            changes: JSON.stringify(a.changes),
            prev_hash: a.prevHash,
            hash: a.hash,
          })),
        )
        .execute(),
    );
    // Company settings and REST API keys (the world's access seeders): the seeded keys' secrets are known to no one.
    for (const c of g.companySettings()) {
      await tx
        .insertInto('company_settings')
        .values({
          tenant_id: c.id,
          smtp_sender: c.smtpSender,
          sms_sender_id: c.smsSenderId,
          webhook_secret: c.webhookSecret,
          carbon: c.carbon === undefined ? null : JSON.stringify(c.carbon),
          updated_at: iso(c.updatedAt),
        })
        .execute();
    }
    // The supply contract each fleet came with (decision 0094), which its carbon settings show until it saves one.
    for (const f of g.fleets()) {
      const contract = supplyContractOf(DEFAULT_SEED, f);
      if (contract === null) continue;
      await tx
        .insertInto('company_settings')
        .values({
          tenant_id: `fleet:${f.id}`,
          seeded_supply_contract: JSON.stringify(contract),
          updated_at: iso(f.createdAt),
        })
        .execute();
    }
    const userIds = new Set(users.map((u) => u.id));
    for (const k of g.apiKeys().filter((key) => userIds.has(key.userId))) {
      await tx
        .insertInto('api_keys')
        .values({
          id: k.id,
          tenant_id: k.tenantId,
          name: k.name,
          scope: k.scope,
          prefix: k.prefix,
          secret_hash: k.secretHash,
          user_id: k.userId,
          created_at: iso(k.createdAt),
          created_by: k.createdBy,
          last_used_at: isoOrNull(k.lastUsedAt),
          reset_at: isoOrNull(k.resetAt),
          revoked_at: isoOrNull(k.revokedAt),
        })
        .execute();
    }
    // The world's access grants (decision 0079): the demo's seeded grants, revoked and expired ones included.
    await insertInBatches(g.accessGrants(), (batch) =>
      tx
        .insertInto('access_grants')
        .values(
          batch.map((a) => ({
            id: a.id,
            kind: a.kind,
            target: a.target,
            target_id: a.targetId,
            role_code: a.roleCode,
            grantee_type: a.granteeType,
            grantee_id: a.granteeId,
            oem_id: a.oemId,
            note: a.note,
            expires_at: isoOrNull(a.expiresAt),
            revoked_at: isoOrNull(a.revokedAt),
            revoked_by: a.revokedBy,
            created_at: iso(a.createdAt),
            created_by: a.createdBy,
          })),
        )
        .execute(),
    );
    // The hardware log's last 12 hours (the world's generator over the fitted loggers), after the devices it names.
    const fitted = g.loggers().filter((d) => d.vehicleId !== null);
    const logs = hardwareLogsOf(world.seed, fitted, world.referenceTime, {
      from: world.referenceTime - HARDWARE_LOG_SEED_MS,
    });
    await insertInBatches(logs, (batch) =>
      tx
        .insertInto('hardware_logs')
        .values(batch.map((h) => hardwareLogColumns({ ...h, occurredAt: iso(h.occurredAt) })))
        .execute(),
    );
    await seedSdkKeys(tx, g.sdkKeys());
    await seedTrips(tx, world, vehicleRows);
    await seedDemoFeedbackReports(tx, demoFeedbackReports(world.referenceTime));
    await seedWidgetEngagement(tx, demoWidgetEngagement(), iso(world.referenceTime));
  });
  return { vehicles: vehicleRows.length, users: users.length };
}

/** How many days of trips the seed writes, back from the world's reference time (decision 0114, "Trips"). */
export const SEEDED_TRIP_DAYS = 7;
/** How many of each vehicle's most recent trips get their recorded positions (`trip_routes`). */
export const SEEDED_ROUTES_PER_VEHICLE = 1;

/**
 * A vehicle's trips of the last SEEDED_TRIP_DAYS days (the demo world's `tripsOf`, which reaches back 60), the route
 * of its SEEDED_ROUTES_PER_VEHICLE most recent ones (`tripRouteOf`, encoded) and its saved locations.
 */
async function seedTrips(
  tx: Db,
  world: ReturnType<typeof createWorld>,
  vehicles: ReturnType<ReturnType<typeof createWorld>['generate']['vehicles']>,
): Promise<void> {
  const now = world.referenceTime;
  const since = now - SEEDED_TRIP_DAYS * 86_400_000;
  const trips: Insertable<TripTable>[] = [];
  const routes: Insertable<TripRouteTable>[] = [];
  const locations: Insertable<SavedLocationTable>[] = [];
  for (const vehicle of vehicles) {
    // Newest first: the first ones are the most recent.
    const recent = tripsOf(world.seed, vehicle, now, since);
    recent.forEach((trip, i) => {
      trips.push(tripColumns({ ...trip, startedAt: iso(trip.startedAt), endedAt: isoOrNull(trip.endedAt) }));
      if (i >= SEEDED_ROUTES_PER_VEHICLE) return;
      const points = tripRouteOf(world.seed, trip, now, vehicle);
      routes.push({ trip_id: trip.id, point_count: points.length, points: encodeRoute(points) });
    });
    for (const l of savedLocationsOf(world.seed, vehicle, now))
      locations.push(savedLocationColumns({ ...l, lastVisitedAt: iso(l.lastVisitedAt) }));
  }
  await insertInBatches(trips, (batch) => tx.insertInto('trips').values(batch).execute());
  await insertInBatches(routes, (batch) => tx.insertInto('trip_routes').values(batch).execute());
  await insertInBatches(locations, (batch) => tx.insertInto('saved_locations').values(batch).execute());
}

type World = ReturnType<typeof createWorld>;
type WorldVehicle = ReturnType<World['generate']['vehicles']>[number];
type WorldDevice = ReturnType<World['generate']['bmsDevices']>[number];

/**
 * The seeded window of the histories (decision 0114), from the world's generators: every vehicle's and device's
 * telemetry over the last TELEMETRY_SEED_HOURS, a run on the world's 15-minute grid and its last message (a vehicle's
 * keys are its model's and its fitted devices' models', as the service reads them); each BMS's battery cycles started in
 * the last CYCLE_SEED_DAYS, with the cell samples of its newest CELL_SEED_CYCLES.
 */
async function seedHistories(tx: Db, world: World, vehicles: WorldVehicle[], devices: WorldDevice[]): Promise<void> {
  const now = world.referenceTime;
  const templates = new Map(
    world.generate.models().map((m) => [m.id, (m.telemetryTemplate ?? []) as TelemetryKey[]] as const),
  );
  const vehicleById = new Map(vehicles.map((v) => [v.id, v]));
  const deviceById = new Map(devices.map((d) => [d.id, d]));
  const subjects = [
    ...vehicles.map((v) => ({
      id: v.id,
      models: [v.modelId, ...[v.bmsId, v.mcuId, v.vcuId].map((id) => (id ? deviceById.get(id)?.modelId : undefined))],
      vehicle: v,
      lastSeenAt: v.lastSeenAt,
    })),
    ...devices.map((d) => ({
      id: d.id,
      models: [d.modelId],
      vehicle: d.vehicleId ? (vehicleById.get(d.vehicleId) ?? null) : null,
      lastSeenAt: d.lastSeenAt,
    })),
  ];
  const from = now - TELEMETRY_SEED_HOURS * HOUR_MS;
  const runs: ReturnType<typeof telemetryColumns>[] = [];
  for (const subject of subjects) {
    const template = unionOfTemplates(subject.models.map((id) => (id ? (templates.get(id) ?? []) : [])));
    if (template.length === 0) continue;
    const options = { vehicle: subject.vehicle, lastSeenAt: subject.lastSeenAt };
    for (const run of telemetryRunsOf(DEFAULT_SEED, subject.id, template, from, now, options)) {
      runs.push(telemetryColumns(subject.id, run));
    }
  }
  await insertInBatches(runs, (batch) => tx.insertInto('telemetry').values(batch).execute());

  const cycles: ReturnType<typeof batteryCycleColumns>[] = [];
  for (const bms of devices) {
    if (bms.type !== 'BMS' || !bms.bms) continue;
    const vehicle = bms.vehicleId ? (vehicleById.get(bms.vehicleId) ?? null) : null;
    const rows = batteryCyclesOf(DEFAULT_SEED, bms, now, vehicle, now - CYCLE_SEED_DAYS * DAY_MS);
    rows.forEach((c, i) => {
      const cells = i < CELL_SEED_CYCLES ? cellHistoryOf(DEFAULT_SEED, c, bms.bms!.cellCount, CELL_SAMPLES, now) : null;
      cycles.push(
        batteryCycleColumns(
          { ...c, startedAt: iso(c.startedAt), endedAt: isoOrNull(c.endedAt) } as Parameters<
            typeof batteryCycleColumns
          >[0],
          cells,
        ),
      );
    });
  }
  await insertInBatches(cycles, (batch) => tx.insertInto('battery_cycles').values(batch).execute());
}

/** A clean installation: one active Super Admin and nothing else. */
export async function seedAdmin(db: Db, admin: { email: string; password: string }): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: `usr-${crypto.randomUUID()}`,
      email: admin.email.toLowerCase(),
      name: 'Administrator',
      role: 'SA',
      role_id: null,
      status: 1,
      password_hash: await hashPassword(admin.password),
      created_at: new Date(),
    })
    .execute();
}
