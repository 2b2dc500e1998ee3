import {
  type CommandAck,
  type CommandRequest,
  commandAckSchema,
  commandRequestSchema,
  type DeviceTelemetry,
  deviceTelemetrySchema,
  type GeofenceEvent,
  geofenceEventSchema,
  type NotificationEvent,
  notificationEventSchema,
  type OtaProgress,
  otaProgressSchema,
  type RolloutProgress,
  rolloutProgressSchema,
  type TicketChange,
  ticketChangeSchema,
  type TripEvent,
  tripEventSchema,
  type VehicleTelemetry,
  vehicleTelemetrySchema,
} from '../../../domain/live-payloads';

/**
 * The live-data contract, version 1: MQTT topic names and filters, and the parser that checks a message's payload
 * against its topic. The payloads themselves (codes, zod schemas, types) are `domain/live-payloads.ts`.
 * `portal/api/live-topics.md` explains both in words; these two files are the source of truth for code.
 * Relative imports only: the e2e harnesses bundle this file without the `@/` alias.
 */

/** Every topic starts with this root; a breaking payload change bumps it (`voltline/v2/...`). */
export const TOPIC_ROOT = 'voltline/v1';

/** Vehicle telemetry is published under a slippy-map tile of this zoom, so a map can subscribe by viewport. */
export const TELEMETRY_TILE_ZOOM = 12;

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
  /** A rule's notification on a vehicle (published by the Fleet backend, decision 0126). */
  notification: (vehicleUid: string) => `${TOPIC_ROOT}/vehicles/${level(vehicleUid, 'vehicleUid')}/notifications`,
  /** A ticket of the vehicle changed outside its reader (the widget's visitor answered; decision 0136). */
  ticketChange: (vehicleUid: string) => `${TOPIC_ROOT}/vehicles/${level(vehicleUid, 'vehicleUid')}/tickets`,
  /** Filter: one event kind for the whole fleet, e.g. `fleetEventsFilter('geofences')` for a live alert feed. */
  fleetEventsFilter: (kind: 'acks' | 'trips' | 'geofences' | 'notifications') => `${TOPIC_ROOT}/vehicles/+/${kind}`,
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
  | { kind: 'geofence'; topic: string; data: GeofenceEvent }
  | { kind: 'notification'; topic: string; data: NotificationEvent }
  | { kind: 'ticket-change'; topic: string; data: TicketChange };

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
    if (b === 'notifications') return { kind: 'notification', vehicleUid: a };
    if (b === 'tickets') return { kind: 'ticket-change', vehicleUid: a };
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
  notification: notificationEventSchema,
  'ticket-change': ticketChangeSchema,
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
