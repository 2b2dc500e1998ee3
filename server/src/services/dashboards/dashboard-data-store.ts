import type { FaultStore } from '../faults/fault-store';
import type { VehicleStore } from '../vehicles/vehicle-store';

/** What the panel data moved so far reads: the tables of resources that moved already, through their stores. */
export interface DashboardDataDeps {
  faults: FaultStore;
  vehicles: VehicleStore;
  now: () => Date;
}
