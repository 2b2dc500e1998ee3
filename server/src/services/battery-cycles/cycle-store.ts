import type { Schemas } from '../lib/api-types';
import type { DeviceStore } from '../devices/device-store';
import type { ListQuery } from '../lib/list-query';
import type { CycleFilterField, CycleSortField } from './cycle-list-spec';

export type BatteryCycle = Schemas['BatteryCycle'];

/** One stored sample of a cycle's cells: epoch ms, volts and °C per cell (cell 1 first). */
export interface CellSample {
  t: number;
  voltages: number[];
  temperatures: number[];
}

/** Storage of battery cycles (by BMS) and the cell samples kept with them. */
export interface BatteryCycleStore {
  /** One page of the BMS's cycles matching the query. */
  list(
    bmsId: string,
    query: ListQuery<CycleSortField, CycleFilterField>,
  ): Promise<{ items: BatteryCycle[]; total: number }>;
  /** The BMS's cycle, or undefined. */
  get(bmsId: string, cycleId: string): Promise<BatteryCycle | undefined>;
  /** The cell samples kept for the cycle, oldest first (none when its cells were not kept). */
  cells(bmsId: string, cycleId: string): Promise<CellSample[]>;
}

export interface BatteryCycleDeps {
  cycles: BatteryCycleStore;
  devices: DeviceStore;
  now: () => Date;
}
