import type { MqttClient } from 'mqtt';
import type { FleetSimulatorOptions } from '../../portal/src/mocks/live/fleet-simulator.js';

export interface PublisherOptions {
  /** `ws://` URL of the broker. */
  url: string;
  /** How many vehicles (ids `VH-00001`…), or the exact ids (e.g. those of the demo world). Default 200. */
  vehicles?: number | readonly string[];
  /** Prefix of generated ids. Default `VH-`. */
  prefix?: string;
  /** Telemetry messages per vehicle per second. Default 1. */
  rateHz?: number;
  seed?: number;
  /** Device (BMS/MCU/VCU) telemetry every this many seconds; 0 turns it off. Default 5. */
  deviceEveryS?: number;
  /** Probability per driving second that a fault is raised. */
  faultRate?: number;
  /**
   * Each vehicle's drive profile (the demo world's, decision 0103): the simulator follows it. Default: the simulator
   * draws its own values (what the live benches measure).
   */
  profileOf?: FleetSimulatorOptions['profileOf'];
  /** Whether a vehicle reports at all: offline vehicles publish nothing. Default: all of them report. */
  isOnline?: (vehicleUid: string) => boolean;
  /** Called for every published message (tests, bench). */
  onPublish?: (topic: string, payload: Record<string, unknown>) => void;
  log?: (line: string) => void;
}

export interface Publisher {
  client: MqttClient;
  vehicleIds: string[];
  stats(): { published: number; commands: number };
  stop(): Promise<void>;
}

export const DEMO_REGION: import('../../portal/src/shared/lib/live/demo-region').DemoRegion;
export function startPublisher(options: PublisherOptions): Promise<Publisher>;
