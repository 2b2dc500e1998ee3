import type { DemoRegion } from '../../shared/lib/live/demo-region';
import type { CommandRequest } from '../../domain/live-payloads';

export interface SimulatedDevice {
  deviceUid: string;
  kind: 'BMS' | 'MCU' | 'VCU';
}

/**
 * A geofence the simulator raises enter/exit events for: a circle or a polygon ring ([lon, lat] points); with
 * `dwellMinutes`, also one dwell event per visit once a vehicle has stayed that long.
 */
export interface SimulatedGeofence {
  id: string;
  name: string;
  center?: [number, number];
  radiusM?: number;
  polygon?: [number, number][];
  /** Minutes inside after which a dwell event is raised; absent or 0: none. */
  dwellMinutes?: number | null;
  /** Only these vehicles raise events; empty or absent: every vehicle. */
  vehicleIds?: readonly string[];
}

export interface FleetSimulatorOptions {
  region: DemoRegion;
  /** Same seed, same fleet. Default 1. */
  seed?: number;
  /** Probability per driving second that a fault is raised. Default 0.002. */
  faultRate?: number;
  /**
   * The faults a vehicle can raise (its models' fault catalogue), read when one is raised; default five built-in
   * faults, one per device kind.
   */
  faultsOf?: (vehicleUid: string) => readonly SimulatedFault[];
  /** Devices fitted to a vehicle; default `<uid>-BMS`, `<uid>-MCU`, `<uid>-VCU`. */
  devicesOf?: (vehicleUid: string) => SimulatedDevice[];
  /** The geofences to watch, read on every step (they change while the demo runs); default the region's circles. */
  geofences?: () => readonly SimulatedGeofence[];
  /**
   * The vehicle's drive profile as a function of time (the demo world's, decision 0103): with it, a vehicle's mode,
   * speed, SoC, odometer and state code at each step are the profile's, it moves only while the profile drives, and
   * its trips start and end with the profile's drives. Without it (or for a vehicle it answers null), the simulator
   * draws its own.
   */
  profileOf?: (vehicleUid: string) => ((t: number) => ProfileSampleLike) | null | undefined;
}

/** What the simulator reads of a drive profile's sample (`ProfileSample` of mocks/world/drive-profile.ts). */
export interface ProfileSampleLike {
  speed: number;
  odometer: number;
  soc: number;
  stateCode: number;
  driving: boolean;
  charging: boolean;
}

/** A fault as the vehicle telemetry carries it (`faults` of the contract's vehicle telemetry). */
export interface SimulatedFault {
  code: string;
  /** Fault severity (portal spec §3): None 0 .. Emergency 5; 4 and above put the vehicle in limp mode for a minute. */
  severity: 0 | 1 | 2 | 3 | 4 | 5;
  kind: 'Alert' | 'Fault';
  device: 'BMS' | 'MCU' | 'VCU' | 'EV';
  message?: string;
}

/** One message to publish: a topic of the contract and its payload object (not yet serialised). */
export interface SimulatedMessage {
  topic: string;
  payload: Record<string, unknown>;
}

export interface ScheduledMessage extends SimulatedMessage {
  delayMs: number;
}

export interface FleetSimulator {
  step(vehicleUids: Iterable<string>, now: number, options?: { devices?: boolean }): SimulatedMessage[];
  /**
   * The device's answer to a command request: an acknowledgement after `params.simulateDelayMs` (default 2 s; Failed
   * when `params.simulate === 'fail'`, none when `'timeout'`) and, for OTA, progress up to Completed.
   */
  handleCommand(request: CommandRequest, now: number): ScheduledMessage[];
  size(): number;
}

export function createFleetSimulator(options: FleetSimulatorOptions): FleetSimulator;
/** Where the simulator (same region and seed, default 1) starts each vehicle: a point on one of the region's roads. */
export function createStartPositions(
  region: DemoRegion,
  seed?: number,
): (uid: string) => { lat: number; lon: number; heading: number };
/** Each vehicle's road as the simulator drives it: where it is `m` metres on, and the way between two such points. */
export function createRoadWalks(
  region: DemoRegion,
  seed?: number,
): (uid: string) => {
  at(metres: number): { lat: number; lon: number; heading: number };
  path(fromMetres: number, toMetres: number): [number, number][];
};
export function tileKey(lat: number, lon: number, zoom?: number): string;
export function pointInRing(point: [number, number], ring: readonly [number, number][]): boolean;
export function topicMatches(filter: string, topic: string): boolean;
export function defaultVehicleIds(count: number, prefix?: string): string[];
