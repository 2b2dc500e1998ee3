import type { DeviceScope } from '../devices/device-scope';
import type { Schemas } from '../lib/api-types';
import type { ListQuery } from '../lib/list-query';
import type { HardwareLogFilterField, HardwareLogSortField } from './hardware-log-list-spec';

export type HardwareLogEntry = Schemas['HardwareLogEntry'];

/** Storage of the messages logger devices sent. Every read takes the caller's device scope. */
export interface HardwareLogStore {
  /**
   * One page of the messages of the loggers in the device scope matching the query (`from`/`to` bound occurredAt,
   * `q` searches the message and the device serial), sorted as asked, then by id.
   */
  list(
    scope: DeviceScope,
    query: ListQuery<HardwareLogSortField, HardwareLogFilterField>,
  ): Promise<{ items: HardwareLogEntry[]; total: number }>;
}

export interface HardwareLogDeps {
  hardwareLogs: HardwareLogStore;
  now: () => Date;
}
