import { z } from 'zod';

/**
 * The live-data contract: MQTT topic names and their JSON payloads, version 1.
 * `portal/api/live-topics.md` explains it in words; this file is the one source of truth for code.
 */

/** Every topic starts with this root; a breaking payload change bumps it (`voltline/v2/...`). */
export const TOPIC_ROOT = 'voltline/v1';

/** Payload version carried in every message as `v`. */
export const PAYLOAD_VERSION = 1;

/** Vehicle telemetry is published under a slippy-map tile of this zoom, so a map can subscribe by viewport. */
export const TELEMETRY_TILE_ZOOM = 12;

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

const uidSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[^/+#\s]+$/, 'must be a single topic level');
const tsSchema = z.number().int().nonnegative();
const versionSchema = z.literal(PAYLOAD_VERSION);

const positionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  /** Degrees clockwise from north, 0 to < 360. */
  heading: z.number().min(0).lt(360),
});

const packSchema = z.object({
  /** Volts. */
  voltage: z.number().nonnegative(),
  /** Amperes; negative while charging. */
  current: z.number(),
  /** Degrees Celsius, one per sensor. */
  temperatures: z.array(z.number().min(-60).max(200)).min(1).max(64),
});

const faultSchema = z.object({
  code: z.string().min(1).max(32),
  /** Fault severity (portal spec §3): None 0 .. Emergency 5. */
  severity: z.literal([0, 1, 2, 3, 4, 5]),
  kind: z.enum(['Alert', 'Fault']),
  device: z.enum(['BMS', 'MCU', 'VCU', 'EV']),
  message: z.string().max(200).optional(),
});

export const vehicleTelemetrySchema = z.object({
  v: versionSchema,
  vehicleUid: uidSchema,
  ts: tsSchema,
  state: vehicleStateSchema,
  /** State of charge, percent. */
  soc: z.number().min(0).max(100),
  /** km/h. */
  speed: z.number().min(0).max(400),
  /** km. */
  odometer: z.number().nonnegative().optional(),
  position: positionSchema,
  pack: packSchema,
  /** Faults raised since the previous message (usually empty). */
  faults: z.array(faultSchema).max(32),
  /** The running trip, or null between trips. */
  tripUid: uidSchema.nullable().optional(),
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
    soc: z.number().min(0).max(100),
    /** State of health, percent. */
    soh: z.number().min(0).max(100),
    pack: packSchema,
    /** Volts. */
    cellVoltage: z.object({ min: z.number().nonnegative(), max: z.number().nonnegative() }),
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
  deviceUid: uidSchema.optional(),
  kind: z.enum(['Device', 'Rule', 'OTA']),
  name: z.string().min(1).max(100),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  /** Firmware release to install, for `kind: 'OTA'`. */
  releaseId: uidSchema.optional(),
  ts: tsSchema,
});

export const commandAckSchema = z.object({
  v: versionSchema,
  commandId: uidSchema,
  vehicleUid: uidSchema,
  deviceUid: uidSchema.optional(),
  /** Success 2 or Failed 3 (portal spec §3 command status). */
  status: z.literal([COMMAND_STATUS.Success, COMMAND_STATUS.Failed]),
  reason: z.string().max(200).optional(),
  ts: tsSchema,
});

export const otaProgressSchema = z.object({
  v: versionSchema,
  vehicleUid: uidSchema,
  deviceUid: uidSchema,
  releaseId: uidSchema,
  commandId: uidSchema.optional(),
  /** Firmware update status (portal spec §3). */
  status: z.literal([0, 1, 2, 3, 4]),
  /** Percent. */
  progress: z.number().min(0).max(100),
  ts: tsSchema,
});

/** A rollout's status (the Fleet API's `FirmwareRollout.status`). */
export const ROLLOUT_STATUSES = ['running', 'paused', 'cancelled', 'completed'] as const;

const countSchema = z.number().int().nonnegative();

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
  soc: z.number().min(0).max(100),
  odometer: z.number().nonnegative(),
};

export const tripEventSchema = z.discriminatedUnion('event', [
  z.object({ ...tripBase, event: z.literal('start'), status: z.literal(TRIP_STATUS.Running) }),
  z.object({
    ...tripBase,
    event: z.literal('end'),
    status: z.literal([TRIP_STATUS.Completed, TRIP_STATUS.Faulty, TRIP_STATUS.Unrecoverable]),
    distanceKm: z.number().nonnegative(),
    durationS: z.number().nonnegative(),
  }),
]);

export const geofenceEventSchema = z.object({
  v: versionSchema,
  vehicleUid: uidSchema,
  geofenceId: uidSchema,
  geofenceName: z.string().min(1).max(100),
  event: z.enum(['enter', 'exit', 'dwell']),
  /** Seconds inside, for `dwell`. */
  dwellS: z.number().nonnegative().optional(),
  position: positionSchema,
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

// ---------------------------------------------------------------------------------------------------------------
// Topic builders

const LEVEL = /^[^/+#\s]+$/;

function level(value: string, what: string): string {
  if (!LEVEL.test(value)) throw new RangeError(`${what} "${value}" cannot be used as an MQTT topic level`);
  return value;
}

/** Tile key `z-x-y` of a position at {@link TELEMETRY_TILE_ZOOM} (Web Mercator, as slippy maps). */
export function tileOf(lat: number, lon: number, zoom: number = TELEMETRY_TILE_ZOOM): string {
  const n = 2 ** zoom;
  const clampedLat = Math.max(-85.0511, Math.min(85.0511, lat));
  const x = Math.min(n - 1, Math.max(0, Math.floor(((lon + 180) / 360) * n)));
  const rad = (clampedLat * Math.PI) / 180;
  const y = Math.min(
    n - 1,
    Math.max(0, Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)),
  );
  return `${zoom}-${x}-${y}`;
}

/** A geographic rectangle in degrees. */
export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Every tile key at {@link TELEMETRY_TILE_ZOOM} that a rectangle touches (no antimeridian wrap). */
export function tilesInBounds(bounds: Bounds, zoom: number = TELEMETRY_TILE_ZOOM): string[] {
  const [, x0, y0] = tileOf(bounds.north, bounds.west, zoom).split('-').map(Number) as [number, number, number];
  const [, x1, y1] = tileOf(bounds.south, bounds.east, zoom).split('-').map(Number) as [number, number, number];
  const keys: string[] = [];
  for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++) {
    for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y++) keys.push(`${zoom}-${x}-${y}`);
  }
  return keys;
}

/** Topic names and subscription filters. Each function returns one topic; filters may hold `+` wildcards. */
export const topics = {
  /** Where a vehicle publishes its telemetry: under the tile of its current position. */
  vehicleTelemetry: (tile: string, vehicleUid: string) =>
    `${TOPIC_ROOT}/telemetry/${level(tile, 'tile')}/${level(vehicleUid, 'vehicleUid')}`,
  /** Filter: telemetry of one vehicle wherever it is (list rows, details page). */
  vehicleTelemetryFilter: (vehicleUid: string) => `${TOPIC_ROOT}/telemetry/+/${level(vehicleUid, 'vehicleUid')}`,
  /** Filter: telemetry of every vehicle inside one tile (map viewport). */
  tileTelemetryFilter: (tile: string) => `${TOPIC_ROOT}/telemetry/${level(tile, 'tile')}/+`,
  /** Filter: telemetry of the whole fleet the credentials may see (zoomed-out map). */
  fleetTelemetryFilter: () => `${TOPIC_ROOT}/telemetry/+/+`,
  deviceTelemetry: (vehicleUid: string, deviceUid: string) =>
    `${TOPIC_ROOT}/vehicles/${level(vehicleUid, 'vehicleUid')}/devices/${level(deviceUid, 'deviceUid')}/telemetry`,
  /** Filter: one device's telemetry (BMS/MCU/VCU details page). */
  deviceTelemetryFilter: (deviceUid: string) =>
    `${TOPIC_ROOT}/vehicles/+/devices/${level(deviceUid, 'deviceUid')}/telemetry`,
  /** Filter: telemetry of every device fitted to one vehicle. */
  vehicleDevicesTelemetryFilter: (vehicleUid: string) =>
    `${TOPIC_ROOT}/vehicles/${level(vehicleUid, 'vehicleUid')}/devices/+/telemetry`,
  otaProgress: (vehicleUid: string, deviceUid: string) =>
    `${TOPIC_ROOT}/vehicles/${level(vehicleUid, 'vehicleUid')}/devices/${level(deviceUid, 'deviceUid')}/ota`,
  /** Filter: OTA progress of every device of one vehicle. */
  vehicleOtaFilter: (vehicleUid: string) => `${TOPIC_ROOT}/vehicles/${level(vehicleUid, 'vehicleUid')}/devices/+/ota`,
  /** One rollout's progress summary (published by the firmware backend, at most once a second while it changes). */
  rolloutProgress: (rolloutId: string) => `${TOPIC_ROOT}/rollouts/${level(rolloutId, 'rolloutId')}/progress`,
  /** Command requests to a vehicle (published by the Fleet API backend; the portal does not subscribe). */
  commandRequest: (vehicleUid: string) => `${TOPIC_ROOT}/vehicles/${level(vehicleUid, 'vehicleUid')}/commands`,
  commandAck: (vehicleUid: string) => `${TOPIC_ROOT}/vehicles/${level(vehicleUid, 'vehicleUid')}/acks`,
  trip: (vehicleUid: string) => `${TOPIC_ROOT}/vehicles/${level(vehicleUid, 'vehicleUid')}/trips`,
  geofence: (vehicleUid: string) => `${TOPIC_ROOT}/vehicles/${level(vehicleUid, 'vehicleUid')}/geofences`,
  /** Filter: one event kind for the whole fleet, e.g. `fleetEventsFilter('geofences')` for a live alert feed. */
  fleetEventsFilter: (kind: 'acks' | 'trips' | 'geofences') => `${TOPIC_ROOT}/vehicles/+/${kind}`,
} as const;

/** Everything a vehicle details page shows live: its telemetry, its devices, OTA, acknowledgements, trips, geofences. */
export function vehicleDetailTopics(vehicleUid: string): string[] {
  return [
    topics.vehicleTelemetryFilter(vehicleUid),
    topics.vehicleDevicesTelemetryFilter(vehicleUid),
    topics.vehicleOtaFilter(vehicleUid),
    topics.commandAck(vehicleUid),
    topics.trip(vehicleUid),
    topics.geofence(vehicleUid),
  ];
}

/**
 * Telemetry filters for a map viewport: one per tile, or the fleet-wide filter when the view covers more than
 * `maxTiles` tiles (a zoomed-out map would otherwise hold thousands of subscriptions).
 */
export function viewportTopics(bounds: Bounds, maxTiles = 64): string[] {
  const width = bounds.east - bounds.west;
  const height = bounds.north - bounds.south;
  // Cheap estimate first so that a world view never enumerates millions of tiles.
  const tileDeg = 360 / 2 ** TELEMETRY_TILE_ZOOM;
  if ((width / tileDeg + 1) * (height / tileDeg + 1) > maxTiles * 4) return [topics.fleetTelemetryFilter()];
  const tiles = tilesInBounds(bounds);
  if (tiles.length > maxTiles) return [topics.fleetTelemetryFilter()];
  return tiles.map(topics.tileTelemetryFilter);
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing

/** A decoded, validated message, tagged by what its topic says it is. */
export type LiveMessage =
  | { kind: 'vehicle-telemetry'; topic: string; data: VehicleTelemetry }
  | { kind: 'device-telemetry'; topic: string; data: DeviceTelemetry }
  | { kind: 'command-request'; topic: string; data: CommandRequest }
  | { kind: 'command-ack'; topic: string; data: CommandAck }
  | { kind: 'ota-progress'; topic: string; data: OtaProgress }
  | { kind: 'rollout-progress'; topic: string; data: RolloutProgress }
  | { kind: 'trip'; topic: string; data: TripEvent }
  | { kind: 'geofence'; topic: string; data: GeofenceEvent };

export type LiveMessageKind = LiveMessage['kind'];

/** Why a message was dropped. */
export type ParseFailure = 'unknown-topic' | 'invalid-json' | 'invalid-payload' | 'topic-mismatch';

export type ParseResult = { ok: true; message: LiveMessage } | { ok: false; reason: ParseFailure };

/** What a topic names: the payload must name the same (the topic is what the broker authorised). */
interface TopicMatch {
  kind: LiveMessageKind;
  vehicleUid?: string;
  deviceUid?: string;
  rolloutId?: string;
}

/** Reads what a topic is about, or null when it is not part of the contract. */
export function matchTopic(topic: string): TopicMatch | null {
  const parts = topic.split('/');
  if (parts[0] !== 'voltline' || parts[1] !== 'v1') return null;
  const [, , group, a, b, c, d, e] = parts;
  if (group === 'telemetry' && parts.length === 5 && a && b) return { kind: 'vehicle-telemetry', vehicleUid: b };
  if (group === 'rollouts' && parts.length === 5 && a && b === 'progress')
    return { kind: 'rollout-progress', rolloutId: a };
  if (group !== 'vehicles' || !a) return null;
  if (parts.length === 5) {
    if (b === 'acks') return { kind: 'command-ack', vehicleUid: a };
    if (b === 'trips') return { kind: 'trip', vehicleUid: a };
    if (b === 'geofences') return { kind: 'geofence', vehicleUid: a };
    if (b === 'commands') return { kind: 'command-request', vehicleUid: a };
    return null;
  }
  if (parts.length === 7 && b === 'devices' && c && e === undefined) {
    if (d === 'telemetry') return { kind: 'device-telemetry', vehicleUid: a, deviceUid: c };
    if (d === 'ota') return { kind: 'ota-progress', vehicleUid: a, deviceUid: c };
  }
  return null;
}

const SCHEMAS = {
  'vehicle-telemetry': vehicleTelemetrySchema,
  'device-telemetry': deviceTelemetrySchema,
  'command-request': commandRequestSchema,
  'command-ack': commandAckSchema,
  'ota-progress': otaProgressSchema,
  'rollout-progress': rolloutProgressSchema,
  trip: tripEventSchema,
  geofence: geofenceEventSchema,
} as const;

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes and validates one MQTT message against the contract. Never throws: anything wrong comes back as a reason.
 *
 * @example
 * const result = parseLiveMessage(topic, payload);
 * if (result.ok && result.message.kind === 'vehicle-telemetry') show(result.message.data.soc);
 */
export function parseLiveMessage(topic: string, payload: Uint8Array | string): ParseResult {
  const match = matchTopic(topic);
  if (!match) return { ok: false, reason: 'unknown-topic' };
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : decoder.decode(payload));
  } catch {
    return { ok: false, reason: 'invalid-json' };
  }
  const parsed = SCHEMAS[match.kind].safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'invalid-payload' };
  const data = parsed.data as { vehicleUid?: string; deviceUid?: string; rolloutId?: string };
  // The topic is what the broker authorised; a payload naming another vehicle (device, rollout) is not trusted.
  if (data.vehicleUid !== match.vehicleUid) return { ok: false, reason: 'topic-mismatch' };
  if (match.deviceUid !== undefined && data.deviceUid !== match.deviceUid)
    return { ok: false, reason: 'topic-mismatch' };
  if (data.rolloutId !== match.rolloutId) return { ok: false, reason: 'topic-mismatch' };
  return { ok: true, message: { kind: match.kind, topic, data } as LiveMessage };
}

/** Serialises a payload for publishing (simulators, tests). */
export function encodePayload(payload: object): string {
  return JSON.stringify(payload);
}
