import type { Db } from './db/database';
import { createAuditReader, createAuditRepository } from './db/repositories/audit-repository';
import { createAuthRepository } from './db/repositories/auth-repository';
import { createDeviceGroupRepository } from './db/repositories/device-group-repository';
import { createDeviceRepository } from './db/repositories/device-repository';
import { createGeofenceRepository } from './db/repositories/geofence-repository';
import { createFaultRepository } from './db/repositories/fault-repository';
import { createModelRepository } from './db/repositories/model-repository';
import { createNotificationRepository } from './db/repositories/notification-repository';
import { createSimRepository } from './db/repositories/sim-repository';
import { createVehicleRepository } from './db/repositories/vehicle-repository';
import { scryptHasher } from './security/passwords';
import type { AuditDeps } from './services/audit/audit-reader';
import type { AuthDeps } from './services/auth/auth-store';
import type { DeviceGroupDeps } from './services/device-groups/device-group-store';
import type { DeviceDeps } from './services/devices/device-store';
import type { GeofenceDeps } from './services/geofences/geofence-store';
import type { FaultDeps } from './services/faults/fault-store';
import type { ModelDeps } from './services/models/model-store';
import type { NotificationDeps } from './services/notifications/notification-store';
import type { SimDeps } from './services/sims/sim-store';
import type { VehicleDeps } from './services/vehicles/vehicle-store';

/** What each service gets on the server: its repositories over one database, the clock, and a transaction runner. */
export interface ServiceDeps {
  audit: AuditDeps;
  auth: AuthDeps;
  deviceGroups: DeviceGroupDeps;
  devices: DeviceDeps;
  geofences: GeofenceDeps;
  faults: FaultDeps;
  models: ModelDeps;
  notifications: NotificationDeps;
  sims: SimDeps;
  vehicles: VehicleDeps;
}

export function createServiceDeps(db: Db, now: () => Date = () => new Date()): ServiceDeps {
  return {
    audit: { audit: createAuditReader(db) },
    auth: {
      auth: createAuthRepository(db),
      passwords: scryptHasher,
      now,
      transact: (work) =>
        db.transaction().execute((tx) => work({ auth: createAuthRepository(tx), audit: createAuditRepository(tx) })),
    },
    devices: {
      devices: createDeviceRepository(db),
      now,
      transact: (work) =>
        db
          .transaction()
          .execute((tx) => work({ devices: createDeviceRepository(tx), audit: createAuditRepository(tx) })),
    },
    deviceGroups: {
      deviceGroups: createDeviceGroupRepository(db),
      now,
      transact: (work) =>
        db
          .transaction()
          .execute((tx) => work({ deviceGroups: createDeviceGroupRepository(tx), audit: createAuditRepository(tx) })),
    },
    geofences: {
      geofences: createGeofenceRepository(db),
      now,
      transact: (work) =>
        db
          .transaction()
          .execute((tx) => work({ geofences: createGeofenceRepository(tx), audit: createAuditRepository(tx) })),
    },
    faults: {
      faults: createFaultRepository(db),
      now,
      transact: (work) =>
        db.transaction().execute((tx) => work({ faults: createFaultRepository(tx), audit: createAuditRepository(tx) })),
    },
    models: {
      models: createModelRepository(db),
      now,
      transact: (work) =>
        db.transaction().execute((tx) => work({ models: createModelRepository(tx), audit: createAuditRepository(tx) })),
    },
    notifications: {
      notifications: createNotificationRepository(db),
      now,
      transact: (work) =>
        db
          .transaction()
          .execute((tx) => work({ notifications: createNotificationRepository(tx), audit: createAuditRepository(tx) })),
    },
    sims: {
      sims: createSimRepository(db),
      now,
      transact: (work) =>
        db.transaction().execute((tx) => work({ sims: createSimRepository(tx), audit: createAuditRepository(tx) })),
    },
    vehicles: {
      vehicles: createVehicleRepository(db),
      now,
      transact: (work) =>
        db
          .transaction()
          .execute((tx) => work({ vehicles: createVehicleRepository(tx), audit: createAuditRepository(tx) })),
    },
  };
}
