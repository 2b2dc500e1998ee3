import type { AuditStore } from '../audit/audit-chain';
import type { DeviceGroupStore } from '../device-groups/device-group-store';
import type { ListQuery } from '../lib/list-query';
import type { NotificationDelivery } from '../notifications/notification-types';
import type { VehicleScope } from '../vehicles/vehicle-scope';
import type { CommandFilterField, CommandSortField } from './command-list-spec';
import type { Command, NewCommand, TargetVehicle } from './command-types';

/** Storage of commands. Every read takes the caller's vehicle scope; a command of a vehicle outside it is in none. */
export interface CommandStore {
  /** One page of the commands in scope (`from`/`to` bound sentAt; `q` searches code, name, vehicle, sender, rule). */
  list(
    scope: VehicleScope,
    query: ListQuery<CommandSortField, CommandFilterField>,
  ): Promise<{ items: Command[]; total: number }>;
  get(id: string, scope: VehicleScope): Promise<Command | undefined>;
  /** The ids of the vehicles of the commands in scope that match the query's filters, search and range, by id. */
  vehicleIdsOf(scope: VehicleScope, query: ListQuery<CommandSortField, CommandFilterField>): Promise<string[]>;
  /** The vehicle if it exists and is in scope, with the commands of its model and of its fitted devices' models. */
  vehicle(id: string, scope: VehicleScope): Promise<TargetVehicle | undefined>;
  /** Those of `ids` in scope (at most as many as given), in the order given. */
  vehicles(ids: readonly string[], scope: VehicleScope): Promise<TargetVehicle[]>;
  /**
   * Every pending command whose `expiresAt` is not after `at` turns Failed with `reason` (the sweep of
   * `command-expiry.ts`); answers those that did.
   */
  expirePending(at: string, reason: string): Promise<ExpiredCommand[]>;
  /** Settles a pending command with the device's answer; false when it is no longer pending (the first answer wins). */
  acknowledge(id: string, status: 2 | 3, at: string, reason: string | null): Promise<boolean>;
  /** The commands `userId` sent with `key` that expire after `at`, with the fingerprint of the request that sent them. */
  sentWithKey(userId: string, key: string, at: string): Promise<{ requestHash: string; command: Command }[]>;
  /** Holds the key of `userId` until the transaction ends, so two sends with one key run one after the other. */
  lockKey(userId: string, key: string): Promise<void>;
  insert(command: NewCommand): Promise<void>;
  /**
   * The newest notifications (at most `limit`) of a rule on a vehicle, with their deliveries: the firing that sent a
   * rule's command is among them (`rule-command-outcome.ts`).
   */
  ruleNotifications(
    ruleId: string,
    vehicleId: string,
    limit: number,
  ): Promise<{ id: string; deliveries: NotificationDelivery[] }[]>;
  /** Replaces the notification's outcome of `delivery.method` (the rule chain's `RuleFiringStore.setDelivery`). */
  setNotificationDelivery(notificationId: string, delivery: NotificationDelivery): Promise<void>;
}

/** A command the expiry sweep failed: what its live status message names. */
export interface ExpiredCommand {
  id: string;
  vehicleId: string;
  deviceId: string | null;
  /** The rule that sent it, or null (a person did). */
  ruleId: string | null;
}

/** A command request as live-topics.md gives it (backend to vehicle), and the topic it goes to. */
export interface CommandRequestMessage {
  v: 1;
  commandId: string;
  vehicleUid: string;
  deviceUid?: string;
  kind: 'Device' | 'Rule' | 'OTA';
  name: string;
  params?: Record<string, string | number | boolean>;
  ts: number;
}

/**
 * A command's settled status as the server publishes it on the vehicle's acknowledgement topic (live-topics.md
 * "Command acknowledgement"): after the vehicle's acknowledgement was accepted, or when the command expired.
 */
export interface CommandStatusMessage {
  v: 1;
  commandId: string;
  vehicleUid: string;
  deviceUid?: string;
  status: 2 | 3;
  reason?: string;
  ts: number;
}

/**
 * Where sent commands go: the vehicle's command topic on the MQTT broker (the demo: its in-page broker); and, from the
 * acknowledgement consumer and the expiry sweep, a command's settled status on its vehicle's acknowledgement topic.
 */
export type CommandPublisher = (
  topic: string,
  message: CommandRequestMessage | CommandStatusMessage,
) => void | Promise<void>;

export interface CommandDeps {
  commands: CommandStore;
  /** The device groups a send may target (their owner scope and members are the device group services'). */
  deviceGroups: DeviceGroupStore;
  now: () => Date;
  publish: CommandPublisher;
  /** Runs `work` in one transaction: the commands of a send and their audit entries commit together. */
  transact<T>(work: (tx: { commands: CommandStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
