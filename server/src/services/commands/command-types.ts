import type { PermissionKey } from '@/domain/permissions';
import type { Schemas } from '../lib/api-types';

export type Command = Schemas['Command'];
export type ModelCommand = Schemas['ModelCommand'];
export type DeviceKind = Schemas['DeviceKind'];
export type CommandStatus = Command['status'];

/** The keys that read the history: the Commands page, and the Commands tabs of the vehicle and device details. */
export const COMMAND_READ_KEYS = [
  'cmd',
  'vh.l.d.c',
  'BMS.l.d.c',
  'MCU.l.d.c',
  'VCU.l.d.c',
] as const satisfies readonly PermissionKey[];

/** The Commands keys of the device details pages, one per device kind (decision 0085). */
export const DEVICE_SEND_KEYS = ['BMS.l.d.c', 'MCU.l.d.c', 'VCU.l.d.c'] as const satisfies readonly PermissionKey[];

export const COMMAND_DEVICE_KINDS = ['EV', 'BMS', 'MCU', 'VCU'] as const satisfies readonly DeviceKind[];
export const COMMAND_KINDS = ['Device', 'Rule', 'OTA'] as const;
export const COMMAND_STATUSES = [1, 2, 3] as const;

export const COMMAND_AUDIT_ENTITY = 'Command';

/** A command as it is written: the API's fields the sender sets, and the server-only idempotency key of its send. */
export interface NewCommand {
  id: string;
  vehicleId: string;
  deviceId: string | null;
  deviceKind: DeviceKind;
  code: string;
  name: string;
  kind: Command['kind'];
  status: CommandStatus;
  sentAt: string;
  expiresAt: string;
  sentBy: string | null;
  /** The rule that sent it (kind Rule), and its name when sent. */
  ruleId?: string | null;
  ruleName?: string | null;
  payload: Record<string, string | number | boolean> | null;
  /** With `requestHash`: the send it came from (both null for commands sent without a key). */
  idempotencyKey: string | null;
  requestHash: string | null;
}

/** The commands a model offers, with the device kind and device of the vehicle that carries the model. */
export interface FittedModel {
  kind: DeviceKind;
  /** The fitted device (null for the vehicle's own EV model). */
  deviceId: string | null;
  commands: readonly ModelCommand[];
}

/** A vehicle a command may go to: what the answers name, and its model's and fitted devices' models' commands. */
export interface TargetVehicle {
  id: string;
  vin: string;
  registrationNumber: string | null;
  fitted: FittedModel[];
}
