import type { FaultStore } from '../faults/fault-store';
import type { FirmwareStore } from '../firmware/firmware-store';
import type { TicketStore } from '../tickets/ticket-store';
import type { VehicleStore } from '../vehicles/vehicle-store';

/** What the panel data moved so far reads: the tables of resources that moved already, through their stores. */
export interface DashboardDataDeps {
  faults: FaultStore;
  vehicles: VehicleStore;
  /** The tickets panel's tickets (`services/tickets`). */
  tickets: TicketStore;
  /** The firmware-rollouts panel's rollouts and their device updates (`services/firmware`). */
  firmware: FirmwareStore;
  now: () => Date;
}
