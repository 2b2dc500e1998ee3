import type { Db } from './db/database';
import { createAccessGrantRepository } from './db/repositories/access-grant-repository';
import { createActivityRepository } from './db/repositories/activity-repository';
import { createAuditReader, createAuditRepository } from './db/repositories/audit-repository';
import { createAuthRepository } from './db/repositories/auth-repository';
import { createCommandRepository } from './db/repositories/command-repository';
import { createDeviceGroupRepository } from './db/repositories/device-group-repository';
import { createDeviceRepository } from './db/repositories/device-repository';
import { createFirmwareRepository } from './db/repositories/firmware-repository';
import { createDashboardRepository } from './db/repositories/dashboard-repository';
import { createGeofenceRepository } from './db/repositories/geofence-repository';
import {
  createFeedbackReportRepository,
  createReportTicketLinks,
  createSdkKeyRepository,
  createWidgetSessionRepository,
  createWidgetUploadRepository,
} from './db/repositories/feedback-repository';
import { createWidgetEngagementRepository } from './db/repositories/widget-engagement-repository';
import { createConversationRepository, createConversationTx } from './db/repositories/conversation-repository';
import { createFaultRepository } from './db/repositories/fault-repository';
import { createHardwareLogRepository } from './db/repositories/hardware-log-repository';
import { createModelRepository } from './db/repositories/model-repository';
import { createNotificationRepository } from './db/repositories/notification-repository';
import { createTicketRepository } from './db/repositories/ticket-repository';
import { createTripRepository } from './db/repositories/trip-repository';
import { createRoleRepository } from './db/repositories/role-repository';
import { createRuleRepository, createRuleSampleRepository } from './db/repositories/rule-repository';
import {
  createApiKeyRepository,
  createCarbonSettingsRepository,
  createSettingsRepository,
} from './db/repositories/settings-repository';
import { createOrganisationRepository } from './db/repositories/organisation-repository';
import { createSimRepository } from './db/repositories/sim-repository';
import { createUserRepository } from './db/repositories/user-repository';
import { createVehicleRepository } from './db/repositories/vehicle-repository';
import { createTelemetryRepository } from './db/repositories/telemetry-repository';
import { createBatteryCycleRepository } from './db/repositories/battery-cycle-repository';
import { createIngestionRepository } from './db/repositories/ingestion-repository';
import { createLogoFiles } from './files/logo-files';
import { createWidgetFiles } from './files/widget-files';
import { scryptHasher } from './security/passwords';
import type { AccessGrantDeps } from './services/access-grants/grant-store';
import type { ActivityDeps } from './services/activity/activity-store';
import type { AuditDeps } from './services/audit/audit-reader';
import type { AuditStore } from './services/audit/audit-chain';
import type { AuthDeps } from './services/auth/auth-store';
import type { CommandDeps } from './services/commands/command-store';
import type { CarbonSettingsDeps } from './services/carbon-settings/carbon-settings-store';
import type { DeviceGroupDeps } from './services/device-groups/device-group-store';
import type { DeviceDeps } from './services/devices/device-store';
import type { FirmwareDeps, LivePublisher, RolloutRunDeps } from './services/firmware/firmware-store';
import type { TicketChange } from '@/domain/live-payloads';
import { topics } from '@/shared/lib/live/topics';
import type { DashboardDataDeps } from './services/dashboards/dashboard-data-store';
import type { DashboardDeps } from './services/dashboards/dashboard-store';
import type { GeofenceDeps } from './services/geofences/geofence-store';
import type { FeedbackDeps } from './services/feedback/feedback-store';
import type { ReportTicketDeps } from './services/feedback/report-ticket';
import { createWindowLimiter } from './services/feedback/rate-limit';
import { createVisitorPushHub, type VisitorPushHub } from './services/feedback/visitor-push';
import type { FaultDeps } from './services/faults/fault-store';
import type { HardwareLogDeps } from './services/hardware-logs/hardware-log-store';
import type { ModelDeps } from './services/models/model-store';
import type { ProfileDeps } from './services/profile/profile-store';
import type { NotificationDeps } from './services/notifications/notification-store';
import type { TripDeps } from './services/trips/trip-store';
import type { RoleDeps } from './services/roles/role-store';
import type { RuleDeps } from './services/rules/rule-store';
import type { SdkKeyDeps } from './services/sdk-keys/sdk-key-store';
import type { SettingsDeps } from './services/settings/settings-store';
import type { OrganisationDeps } from './services/organisations/organisation-store';
import type { SimDeps } from './services/sims/sim-store';
import type { UserDeps } from './services/users/user-store';
import type { VehicleDeps } from './services/vehicles/vehicle-store';
import type { TelemetryDeps } from './services/telemetry/telemetry-store';
import type { BatteryCycleDeps } from './services/battery-cycles/cycle-store';
import type { IngestionDeps } from './services/ingestion/ingestion-store';

/** What each service gets on the server: its repositories over one database, the clock, and a transaction runner. */
export interface ServiceDeps {
  accessGrants: AccessGrantDeps;
  activity: ActivityDeps;
  audit: AuditDeps;
  auth: AuthDeps;
  commands: CommandDeps;
  carbonSettings: CarbonSettingsDeps;
  deviceGroups: DeviceGroupDeps;
  devices: DeviceDeps;
  firmware: FirmwareDeps;
  /** Rollouts advanced by the job queue on devices' OTA progress (decision 0127). */
  rollouts: RolloutRunDeps;
  dashboards: DashboardDeps;
  dashboardData: DashboardDataDeps;
  geofences: GeofenceDeps;
  faults: FaultDeps;
  hardwareLogs: HardwareLogDeps;
  feedback: FeedbackDeps;
  models: ModelDeps;
  notifications: NotificationDeps;
  profile: ProfileDeps;
  roles: RoleDeps;
  rules: RuleDeps;
  /** The organisations' widget SDK keys, managed in Settings (decision 0123). */
  sdkKeys: SdkKeyDeps;
  settings: SettingsDeps;
  organisations: OrganisationDeps;
  sims: SimDeps;
  tickets: ReportTicketDeps['tickets'];
  trips: TripDeps;
  users: UserDeps;
  vehicles: VehicleDeps;
  telemetry: TelemetryDeps;
  batteryCycles: BatteryCycleDeps;
  /** Vehicle telemetry from the broker and vehicles' broker credentials (issue 35, decision 0117). */
  ingestion: IngestionDeps;
  /** The visitors' open `/widget-ws` sockets, which conversation writes push to (decision 0128). */
  visitorSockets: VisitorPushHub;
}

/** What a resource's `transact` hands its work: the resource's repository and the audit log, on one transaction. */
type InTransaction<K extends string, R> = Record<K, R> & { audit: AuditStore };

/**
 * A resource's deps: its repository over the database, the clock, and `transact`, which runs the work in one
 * transaction with the same repository and the audit log over it (the write and its audit entry commit together).
 */
function resource<K extends string, R, A extends Record<string, unknown> = Record<never, never>>(
  db: Db,
  now: () => Date,
  key: K,
  repository: (db: Db) => R,
  also: { [N in keyof A]: (db: Db) => A[N] } = {} as { [N in keyof A]: (db: Db) => A[N] },
) {
  /** The other repositories a resource's work reads or writes in its transaction (a ticket closing its fault). */
  const others = (over: Db) =>
    Object.fromEntries(Object.entries(also).map(([name, make]) => [name, (make as (db: Db) => unknown)(over)])) as A;
  const transact = <T>(work: (tx: InTransaction<K, R> & A) => Promise<T>): Promise<T> =>
    db
      .transaction()
      .execute((tx) =>
        work({ ...others(tx), [key]: repository(tx), audit: createAuditRepository(tx) } as InTransaction<K, R> & A),
      );
  return { ...others(db), [key]: repository(db), now, transact } as Record<K, R> &
    A & { now: () => Date; transact: typeof transact };
}

/**

 * The services' dependencies over one database. `publish` sends a command request to the MQTT broker (start.ts gives
 * the broker's; tests a fake that records what was published; by default nothing is published). `dataDir` is where
 * uploads are kept (`<DATA_DIR>/uploads`); without it, an upload fails (tests that upload pass a temporary directory).
 */
/** What the server sets besides the database (each has a default). */
export interface ServiceOptions {
  now?: () => Date;
  /** Sent commands' requests, firmware install requests and rollout progress to the broker. */
  publish?: LivePublisher;
  dataDir?: string;
}

export function createServiceDeps(
  db: Db,
  { now = () => new Date(), publish = () => undefined, dataDir }: ServiceOptions = {},
): ServiceDeps {
  const visitorSockets = createVisitorPushHub();
  const conversations = createConversationRepository(db);
  return {
    visitorSockets,
    accessGrants: resource(db, now, 'grants', createAccessGrantRepository),
    activity: {
      ...resource(db, now, 'activity', createActivityRepository),
      carbon: createCarbonSettingsRepository(db),
    },
    audit: { audit: createAuditReader(db) },
    auth: { ...resource(db, now, 'auth', createAuthRepository), passwords: scryptHasher },
    carbonSettings: resource(db, now, 'carbon', createCarbonSettingsRepository),
    commands: {
      ...resource(db, now, 'commands', createCommandRepository),
      deviceGroups: createDeviceGroupRepository(db),
      publish,
    },
    devices: resource(db, now, 'devices', createDeviceRepository),
    deviceGroups: resource(db, now, 'deviceGroups', createDeviceGroupRepository),
    firmware: {
      ...resource(db, now, 'firmware', createFirmwareRepository),
      deviceGroups: createDeviceGroupRepository(db),
    },
    rollouts: { ...resource(db, now, 'firmware', createFirmwareRepository), publish },
    dashboards: resource(db, now, 'dashboards', createDashboardRepository),
    dashboardData: {
      faults: createFaultRepository(db),
      vehicles: createVehicleRepository(db),
      tickets: createTicketRepository(db),
      firmware: createFirmwareRepository(db),
      now,
    },
    geofences: resource(db, now, 'geofences', createGeofenceRepository),
    faults: resource(db, now, 'faults', createFaultRepository),
    hardwareLogs: { hardwareLogs: createHardwareLogRepository(db), now },
    feedback: {
      sdkKeys: createSdkKeyRepository(db),
      sessions: createWidgetSessionRepository(db),
      reports: createFeedbackReportRepository(db),
      uploads: createWidgetUploadRepository(db),
      files: createWidgetFiles(dataDir),
      engagement: createWidgetEngagementRepository(db),
      conversations,
      conversationTx: createConversationTx(db),
      push: visitorSockets,
      limiter: createWindowLimiter(),
      now,
      // A ticket the visitor answered: its open pages read it again (decision 0136). Best effort, as every publish.
      ticketChanged: ({ ticketId, vehicleId, change, at }) => {
        const event: TicketChange = { v: 1, vehicleUid: vehicleId, ticketId, change, ts: at.getTime() };
        Promise.resolve(publish(topics.ticketChange(vehicleId), event)).catch(() => undefined);
      },
    },
    models: resource(db, now, 'models', createModelRepository),
    notifications: resource(db, now, 'notifications', createNotificationRepository),
    profile: {
      ...resource(db, now, 'users', createUserRepository, { auth: createAuthRepository }),
      passwords: scryptHasher,
    },
    roles: resource(db, now, 'roles', createRoleRepository),
    rules: { ...resource(db, now, 'rules', createRuleRepository), samples: createRuleSampleRepository(db) },
    sdkKeys: resource(db, now, 'sdkKeys', createSdkKeyRepository),
    settings: {
      ...resource(db, now, 'settings', createSettingsRepository, { apiKeys: createApiKeyRepository }),
      logos: createLogoFiles(dataDir),
    },
    // Assigning writes vehicles through the vehicles' own repository, in the organisation's transaction.
    organisations: resource(db, now, 'organisations', createOrganisationRepository, {
      vehicles: createVehicleRepository,
    }),
    sims: resource(db, now, 'sims', createSimRepository),
    tickets: {
      ...resource(db, now, 'tickets', createTicketRepository, {
        faults: createFaultRepository,
        notifications: createNotificationRepository,
        reportLinks: createReportTicketLinks,
        conversations: createConversationRepository,
      }),
      visitorPush: visitorSockets,
    },
    // Histories only read (ingestion, issue 35, writes them): the trips and the vehicle they belong to, no transaction.
    trips: { trips: createTripRepository(db), vehicles: createVehicleRepository(db), now },
    users: {
      ...resource(db, now, 'users', createUserRepository),
      roles: createRoleRepository(db),
      passwords: scryptHasher,
    },
    vehicles: resource(db, now, 'vehicles', createVehicleRepository),
    telemetry: {
      telemetry: createTelemetryRepository(db),
      vehicles: createVehicleRepository(db),
      devices: createDeviceRepository(db),
      now,
    },
    batteryCycles: { cycles: createBatteryCycleRepository(db), devices: createDeviceRepository(db), now },
    ingestion: resource(db, now, 'ingestion', createIngestionRepository),
  };
}
