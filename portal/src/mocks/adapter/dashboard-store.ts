import type { AuditStore } from '@services/audit/audit-chain';
import type { DashboardDataDeps } from '@services/dashboards/dashboard-data-store';
import type { DashboardDeps, DashboardStore } from '@services/dashboards/dashboard-store';
import type { StoredDashboard } from '@services/dashboards/dashboard-types';
import { fromApi, toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import type { DashboardRecord, Vehicle } from '../world/types';
import { worldAuditStore } from './audit-store';
import { worldFaultStore } from './fault-store';
import { worldFirmwareStore } from './firmware-store';
import { worldTicketStore } from './ticket-store';
import { worldVehicleStore } from './vehicle-store';
import { type UndoLog, worldTransact } from './world-transaction';

/** The DashboardStore of the services over the demo world's saved dashboards. */
export function worldDashboardStore(db: WorldDb, undo?: UndoLog): DashboardStore {
  return {
    async listOwn(userId, role) {
      return db.tables.dashboards
        .all()
        .filter((d) => d.userId === userId && d.role === role)
        .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((d) => toApi<StoredDashboard>(d));
    },
    async get(id) {
      const d = db.tables.dashboards.get(id);
      return d && toApi<StoredDashboard>(d);
    },
    async insert(dashboard) {
      undo?.touch('dashboards', dashboard.id);
      db.tables.dashboards.insert(fromApi<DashboardRecord>(dashboard));
    },
    async update(id, changes) {
      if (!db.tables.dashboards.get(id)) return;
      undo?.touch('dashboards', id);
      db.tables.dashboards.update(id, fromApi<Partial<DashboardRecord>>(changes));
    },
    async delete(id) {
      undo?.touch('dashboards', id);
      db.tables.dashboards.remove(id);
    },
  };
}

/** The dashboard services' dependencies over the demo world. */
export function worldDashboardDeps(db: WorldDb): DashboardDeps {
  return {
    dashboards: worldDashboardStore(db),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { dashboards: DashboardStore; audit: AuditStore } => ({
      dashboards: worldDashboardStore(db, undo),
      audit: worldAuditStore(db, undo),
    })),
  };
}

/** The panel data's dependencies over the demo world, for a caller whose grants widen their vehicle scope. */
export function worldDashboardDataDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): DashboardDataDeps {
  return {
    faults: worldFaultStore(db, { granted }),
    vehicles: worldVehicleStore(db, { granted }),
    tickets: worldTicketStore(db, { granted }),
    firmware: worldFirmwareStore(db, { granted }),
    now: () => new Date(),
  };
}
