// zod/mini (issue 37 item 11): these schemas load with the first page (the live connection), and the mini build is a
// fraction of full zod's size; same validation, functions instead of methods.
import * as z from 'zod/mini';

/*
 * The live data's payloads, version 1: the codes they carry, their zod schemas and their types. The topics they travel
 * on, and the parser that checks a message against its topic, are `shared/lib/live/topics.ts`;
 * `portal/api/live-topics.md` explains both in words. In `domain` so that every layer (the store too) and the demo
 * server can name a payload (decision 0107).
 */

/** Payload version carried in every message as `v`. */
export const PAYLOAD_VERSION = 1;

// ---------------------------------------------------------------------------------------------------------------
// Enumerations (portal spec §3)

/** Vehicle state codes (portal spec §3); `'F'` is SNA. */
export const VEHICLE_STATE = {
  StandBy: 0,
  Accessory: 16,
  StartUp: 32,
  HVON: 48,
  DriveStartUp: 64,
  Drive: 66,
  LimpHome: 67,
  ChargeStartUp: 80,
  ACCharge: 81,
  DCCharge: 82,
  Shutdown: 96,
  EmergencyShutdown: 101,
  Discharge: 112,
  SNA: 'F',
} as const;
export type VehicleStateCode = (typeof VEHICLE_STATE)[keyof typeof VEHICLE_STATE];

/** BMS/MCU state codes (portal spec §3). */
export const DEVICE_STATE = {
  Off: 0,
  Ready: 1,
  Drive: 2,
  LimpHome: 3,
  Discharge: 4,
  Emergency: 5,
  Fault: 6,
  SNA: 'F',
} as const;
export type DeviceStateCode = (typeof DEVICE_STATE)[keyof typeof DEVICE_STATE];

/** Command status (portal spec §3). An acknowledgement is either Success or Failed. */
export const COMMAND_STATUS = { Pending: 1, Success: 2, Failed: 3 } as const;

/** Firmware update status (portal spec §3). */
export const OTA_STATUS = { Pending: 0, InProgress: 1, Completed: 2, Failed: 3, DeviceOffline: 4 } as const;

/** Trip status (portal spec §3). */
export const TRIP_STATUS = { Running: 1, Completed: 2, Faulty: 3, Unrecoverable: 4 } as const;

const vehicleStateSchema = z.literal([0, 16, 32, 48, 64, 66, 67, 80, 81, 82, 96, 101, 112, 'F']);
const deviceStateSchema = z.literal([0, 1, 2, 3, 4, 5, 6, 'F']);

// ---------------------------------------------------------------------------------------------------------------
// Payload schemas

/** A number from `min` to `max` (inclusive). */
const between = (min: number, max: number) => z.number().check(z.gte(min), z.lte(max));
const nonNegative = () => z.number().check(z.gte(0));
/** A string of `min` to `max` characters. */
const text = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));

const uidSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.regex(/^[^/+#\s]+$/, 'must be a single topic level'));
const tsSchema = z.int().check(z.gte(0));
const versionSchema = z.literal(PAYLOAD_VERSION);

const positionSchema = z.object({
  lat: between(-90, 90),
  lon: between(-180, 180),
  /** Degrees clockwise from north, 0 to < 360. */
  heading: z.number().check(z.gte(0), z.lt(360)),
});

const packSchema = z.object({
  /** Volts. */
  voltage: nonNegative(),
  /** Amperes; negative while charging. */
  current: z.number(),
  /** Degrees Celsius, one per sensor. */
  temperatures: z.array(between(-60, 200)).check(z.minLength(1), z.maxLength(64)),
});

const faultSchema = z.object({
  code: text(1, 32),
  /** Fault severity (portal spec §3): None 0 .. Emergency 5. */
  severity: z.literal([0, 1, 2, 3, 4, 5]),
  kind: z.enum(['Alert', 'Fault']),
  device: z.enum(['BMS', 'MCU', 'VCU', 'EV']),
  message: z.optional(text(0, 200)),
});

export const vehicleTelemetrySchema = z.object({
  v: versionSchema,
  vehicleUid: uidSchema,
  ts: tsSchema,
  state: vehicleStateSchema,
  /** State of charge, percent. */
  soc: between(0, 100),
  /** km/h. */
  speed: between(0, 400),
  /** km. */
  odometer: z.optional(nonNegative()),
  position: positionSchema,
  pack: packSchema,
  /** Faults raised since the previous message (usually empty). */
  faults: z.array(faultSchema).check(z.maxLength(32)),
  /** The running trip, or null between trips. */
  tripUid: z.optional(z.nullable(uidSchema)),
});

const deviceBase = {
  v: versionSchema,
  vehicleUid: uidSchema,
  deviceUid: uidSchema,
  ts: tsSchema,
};

export const deviceTelemetrySchema = z.discriminatedUnion('kind', [
  z.object({
    ...deviceBase,
    kind: z.literal('BMS'),
    state: deviceStateSchema,
    soc: between(0, 100),
    /** State of health, percent. */
    soh: between(0, 100),
    pack: packSchema,
    /** Volts. */
    cellVoltage: z.object({ min: nonNegative(), max: nonNegative() }),
  }),
  z.object({
    ...deviceBase,
    kind: z.literal('MCU'),
    state: deviceStateSchema,
    rpm: z.number(),
    /** Newton metres. */
    torque: z.number(),
    /** Degrees Celsius. */
    motorTemp: z.number(),
    controllerTemp: z.number(),
  }),
  z.object({
    ...deviceBase,
    kind: z.literal('VCU'),
    state: vehicleStateSchema,
    /** Park 0, Neutral 1, Drive 2, Reverse 3. */
    gear: z.literal([0, 1, 2, 3]),
    /** Normal 0, Economy 1, Performance 2, SNA. */
    driveMode: z.literal([0, 1, 2, 'SNA']),
  }),
]);

export const commandRequestSchema = z.object({
  v: versionSchema,
  commandId: uidSchema,
  vehicleUid: uidSchema,
  deviceUid: z.optional(uidSchema),
  kind: z.enum(['Device', 'Rule', 'OTA']),
  name: text(1, 100),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
  /** Firmware release to install, for `kind: 'OTA'`. */
  releaseId: z.optional(uidSchema),
  ts: tsSchema,
});

export const commandAckSchema = z.object({
  v: versionSchema,
  commandId: uidSchema,
  vehicleUid: uidSchema,
  deviceUid: z.optional(uidSchema),
  /** Success 2 or Failed 3 (portal spec §3 command status). */
  status: z.literal([COMMAND_STATUS.Success, COMMAND_STATUS.Failed]),
  reason: z.optional(text(0, 200)),
  ts: tsSchema,
});

export const otaProgressSchema = z.object({
  v: versionSchema,
  vehicleUid: uidSchema,
  deviceUid: uidSchema,
  releaseId: uidSchema,
  commandId: z.optional(uidSchema),
  /** Firmware update status (portal spec §3). */
  status: z.literal([0, 1, 2, 3, 4]),
  /** Percent. */
  progress: between(0, 100),
  /** Why the install failed (Failed only). */
  reason: z.optional(text(0, 200)),
  ts: tsSchema,
});

/** A rollout's status (the Fleet API's `FirmwareRollout.status`). */
export const ROLLOUT_STATUSES = ['running', 'paused', 'cancelled', 'completed'] as const;

const countSchema = z.int().check(z.gte(0));

/**
 * One firmware rollout's progress, summed over its devices: what a rollout screen shows live without hearing every
 * device (a 10,000-device rollout sends thousands of OTA progress messages a second).
 */
export const rolloutProgressSchema = z.object({
  v: versionSchema,
  rolloutId: uidSchema,
  releaseId: uidSchema,
  status: z.enum(ROLLOUT_STATUSES),
  /** Zero-based index of the wave now running. */
  currentWave: countSchema,
  /** Devices in the rollout, cancelled ones included. */
  total: countSchema,
  pending: countSchema,
  waiting: countSchema,
  inProgress: countSchema,
  completed: countSchema,
  failed: countSchema,
  /** Devices the rollout will no longer update (cancelled before they were sent it). */
  skipped: countSchema,
  ts: tsSchema,
});

const tripBase = {
  v: versionSchema,
  vehicleUid: uidSchema,
  tripUid: uidSchema,
  ts: tsSchema,
  position: positionSchema,
  soc: between(0, 100),
  odometer: nonNegative(),
};

export const tripEventSchema = z.discriminatedUnion('event', [
  z.object({ ...tripBase, event: z.literal('start'), status: z.literal(TRIP_STATUS.Running) }),
  z.object({
    ...tripBase,
    event: z.literal('end'),
    status: z.literal([TRIP_STATUS.Completed, TRIP_STATUS.Faulty, TRIP_STATUS.Unrecoverable]),
    distanceKm: nonNegative(),
    durationS: nonNegative(),
  }),
]);

export const geofenceEventSchema = z.object({
  v: versionSchema,
  vehicleUid: uidSchema,
  geofenceId: uidSchema,
  geofenceName: text(1, 100),
  event: z.enum(['enter', 'exit', 'dwell']),
  /** Seconds inside, for `dwell`. */
  dwellS: z.optional(nonNegative()),
  position: positionSchema,
  ts: tsSchema,
});

/**
 * A rule's notification (decision 0126): published by the Fleet backend when a rule fires on a vehicle, after the
 * notification (and its ticket, when the rule opens one) is stored. The Fleet API's `/notifications` holds the rest.
 */
export const notificationEventSchema = z.object({
  v: versionSchema,
  vehicleUid: uidSchema,
  notificationId: text(1, 200),
  ruleId: z.nullable(text(1, 200)),
  ruleName: text(0, 200),
  title: text(0, 300),
  message: text(0, 2000),
  /** Notification severity (portal spec §3): 0 .. 5. */
  severity: z.literal([0, 1, 2, 3, 4, 5]),
  faultId: z.nullable(text(1, 200)),
  ticketId: z.nullable(text(1, 200)),
  /** When the rule fired (the notification's `sentAt`). */
  ts: tsSchema,
});

/**
 * A ticket changed without its reader doing it (decision 0136): the widget's visitor answered on it (`message`) and,
 * on a closed ticket, reopened it (`status`). Names the ticket only: a reader that shows it reads it again through
 * the Fleet API, which applies the ticket's scope.
 */
export const ticketChangeSchema = z.object({
  v: versionSchema,
  vehicleUid: uidSchema,
  ticketId: text(1, 200),
  change: z.literal(['message', 'status']),
  ts: tsSchema,
});

export type Position = z.infer<typeof positionSchema>;
export type FaultRaised = z.infer<typeof faultSchema>;
export type VehicleTelemetry = z.infer<typeof vehicleTelemetrySchema>;
export type DeviceTelemetry = z.infer<typeof deviceTelemetrySchema>;
export type CommandRequest = z.infer<typeof commandRequestSchema>;
export type CommandAck = z.infer<typeof commandAckSchema>;
export type OtaProgress = z.infer<typeof otaProgressSchema>;
export type RolloutProgress = z.infer<typeof rolloutProgressSchema>;
export type TripEvent = z.infer<typeof tripEventSchema>;
export type GeofenceEvent = z.infer<typeof geofenceEventSchema>;
export type NotificationEvent = z.infer<typeof notificationEventSchema>;
export type TicketChange = z.infer<typeof ticketChangeSchema>;
