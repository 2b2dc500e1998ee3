import mqtt, { type MqttClient } from 'mqtt';
import type { CommandRequest } from '@/domain/live-payloads';
import { commandRequestSchema } from '@/domain/live-payloads';
import {
  acknowledgeDelayOf,
  acknowledgeResultOf,
  createFleetSimulator,
  DEFAULT_SEED,
  DEMO_REGION,
  driveProfileOf,
  otaAckDelayMs,
  profileAt,
  simulatedOutcome,
} from '../db/seed-source';
import { vehicleMayPublish } from '../live/broker';
import { commandTopicOf } from '../services/commands/send-commands';

/** A seeded vehicle the simulator speaks for: its id and device secret, when it entered service, whether it is online. */
export interface SimulatedVehicle {
  id: string;
  secret: string;
  /** Epoch ms (its drive profile counts working days from here). */
  createdAt: number;
  /** The world's `isLive`: offline vehicles neither connect nor answer (decision 0103). */
  online: boolean;
}

/** What one simulated device answers to a command request: its acknowledgement and when, or null (no answer). */
export interface CommandAnswer {
  delayMs: number;
  topic: string;
  payload: Record<string, unknown>;
}

/**
 * A vehicle's answer to a command request, by the demo world's rule (`mocks/world/command-answers.ts`, the one the
 * demo's devices follow): an offline vehicle never answers; an online one answers after 2 to 5 s (a remote stop after
 * its ramp-down too), Failed for the command codes its firmware refuses (one in seven, fixed per vehicle and code),
 * Success otherwise. A request's own `params.simulate` ("fail", "timeout", live-topics.md) is honoured first. The
 * acknowledgement is built by the demo's fleet simulator, so its shape is the one the contract tests check.
 */
export function answerCommand(
  sim: ReturnType<typeof createFleetSimulator>,
  request: CommandRequest,
  online: boolean,
  now: number,
): CommandAnswer[] {
  const asked = request.params?.simulate;
  const result =
    asked === 'timeout'
      ? null
      : asked === 'fail'
        ? 3
        : acknowledgeResultOf({ vehicleId: request.vehicleUid, code: request.name }, online);
  if (result === null) return [];
  const params: Record<string, string | number | boolean> = {
    ...(request.params ?? {}),
    simulateDelayMs: acknowledgeDelayOf(request.commandId, { code: request.name, payload: request.params ?? null }),
  };
  if (result === 3) params.simulate = 'fail';
  else delete params.simulate;
  return sim
    .handleCommand({ ...request, params }, now)
    .filter((m) => vehicleMayPublish(request.vehicleUid, m.topic))
    .map(({ delayMs, topic, payload }) => ({ delayMs, topic, payload }));
}

/** How the simulated devices install firmware: time runs `speed` times faster; `random: false`, none fails or goes silent. */
export interface OtaSimulation {
  speed: number;
  random: boolean;
}

/** A device's OTA progress topic (live-topics.md). */
export const otaTopicOf = (vehicleId: string, deviceId: string) =>
  `voltline/v1/vehicles/${vehicleId}/devices/${deviceId}/ota`;

/**
 * A vehicle's answers to a firmware install request (decision 0127), by the demo's rule for its simulated devices
 * (`mocks/world/firmware-rollout.ts`, the one the demo's rollouts play): In Progress at 0 % once the request is taken
 * (2 to 5 s), a report every 5 %, then Completed after 20 to 60 s, or Failed with a reason part way (about 1 in 12),
 * or nothing more (silent, about 1 in 40: the server times it out). A request's `params.simulate` ("fail",
 * "timeout") is honoured first. Times are divided by `ota.speed`.
 */
export function answerInstall(request: CommandRequest, ota: OtaSimulation, now: number): CommandAnswer[] {
  const { deviceUid, releaseId, vehicleUid, commandId } = request;
  if (request.kind !== 'OTA' || !deviceUid || !releaseId) return [];
  const params = request.params ?? {};
  const serial = String(params.deviceSerial ?? deviceUid);
  const device = {
    id: String(params.updateId ?? commandId),
    attempt: Number(params.attempt ?? 0),
    deviceSerial: serial,
  };
  const sim = {
    speed: ota.speed,
    failSerials: params.simulate === 'fail' ? [serial] : [],
    silentSerials: params.simulate === 'timeout' ? [serial] : [],
    random: ota.random,
  };
  const outcome = simulatedOutcome(device, sim);
  const ack = otaAckDelayMs(device, sim);
  const topic = otaTopicOf(vehicleUid, deviceUid);
  const answer = (delayMs: number, status: 1 | 2 | 3, progress: number, reason?: string): CommandAnswer => ({
    delayMs: Math.round(delayMs),
    topic,
    payload: {
      v: 1,
      vehicleUid,
      deviceUid,
      releaseId,
      commandId,
      status,
      progress,
      ...(reason ? { reason } : {}),
      ts: Math.round(now + delayMs),
    },
  });
  const answers = [answer(ack, 1, 0)];
  const reach = outcome.kind === 'ok' ? 0.95 : outcome.stopAt;
  for (let p = 5; p / 100 <= reach + 1e-9; p += 5) answers.push(answer(ack + (p / 100) * outcome.durationMs, 1, p));
  if (outcome.kind === 'ok') answers.push(answer(ack + outcome.durationMs, 2, 100));
  if (outcome.kind === 'fail') {
    const stopped = Math.floor(outcome.stopAt * 20) * 5;
    answers.push(answer(ack + outcome.durationMs * outcome.stopAt, 3, stopped, outcome.reason));
  }
  return answers.filter((a) => vehicleMayPublish(vehicleUid, a.topic));
}

export interface FleetSimulationOptions {
  /** ws://host:port/mqtt (the server's embedded broker) or mqtt:// (an external one). */
  brokerUrl: string;
  vehicles: readonly SimulatedVehicle[];
  /** Telemetry messages per second per vehicle. */
  rateHz: number;
  /** The seed the world was generated with (its drive profiles); default the demo's. */
  seed?: number;
  /** How its devices install firmware (default: the demo's pace, with its failures and silent devices). */
  ota?: Partial<OtaSimulation>;
  log?: (message: string) => void;
}

export interface FleetSimulation {
  counters(): { connected: number; published: number; commands: number; answered: number };
  stop(): Promise<void>;
}

/**
 * The fleet simulator (issue 35 item 4): each online vehicle connects with its own id and device secret, publishes
 * its telemetry (and trip events) from its drive profile `rateHz` times a second on its own topics, subscribes to
 * its command topic and answers as `answerCommand` says (a firmware install as `answerInstall` says). Device telemetry is not published: a vehicle may not
 * publish its devices' topics yet (decision 0117).
 */
export async function startFleetSimulation(options: FleetSimulationOptions): Promise<FleetSimulation> {
  const seed = options.seed ?? DEFAULT_SEED;
  const ota = options.ota ?? {};
  const byId = new Map(options.vehicles.map((v) => [v.id, v]));
  const sim = createFleetSimulator({
    region: DEMO_REGION,
    seed,
    profileOf: (uid) => {
      const vehicle = byId.get(uid);
      if (!vehicle) return null;
      const profile = driveProfileOf(seed, { id: vehicle.id, createdAt: vehicle.createdAt });
      return (t) => profileAt(profile, t);
    },
  });
  const online = options.vehicles.filter((v) => v.online);
  const clients = new Map<string, MqttClient>();
  const timers = new Set<NodeJS.Timeout>();
  const counters = { connected: 0, published: 0, commands: 0, answered: 0 };
  let stopped = false;

  const publish = (vehicleId: string, topic: string, payload: unknown, qos: 0 | 1) => {
    const client = clients.get(vehicleId);
    if (stopped || !client?.connected || !vehicleMayPublish(vehicleId, topic)) return;
    client.publish(topic, JSON.stringify(payload), { qos });
    counters.published += 1;
  };

  await Promise.all(
    online.map(
      (vehicle) =>
        new Promise<void>((resolve) => {
          const client = mqtt.connect(options.brokerUrl, {
            username: vehicle.id,
            password: vehicle.secret,
            clientId: `voltline-sim-${vehicle.id}-${Math.random().toString(16).slice(2, 8)}`,
            reconnectPeriod: 5_000,
            connectTimeout: 30_000,
          });
          clients.set(vehicle.id, client);
          client.on('error', (error) => options.log?.(`simulator ${vehicle.id}: ${error.message}`));
          client.on('connect', () => {
            counters.connected += 1;
            // Subscribed again on every (re)connection: the session is clean.
            void client.subscribeAsync(commandTopicOf(vehicle.id), { qos: 1 }).catch(() => undefined);
            resolve();
          });
          client.on('message', (_topic, buffer) => {
            let parsed: ReturnType<typeof commandRequestSchema.safeParse>;
            try {
              parsed = commandRequestSchema.safeParse(JSON.parse(buffer.toString('utf8')));
            } catch {
              return;
            }
            if (!parsed.success || parsed.data.vehicleUid !== vehicle.id) return;
            counters.commands += 1;
            const answers =
              parsed.data.kind === 'OTA'
                ? answerInstall(parsed.data, { speed: ota.speed ?? 1, random: ota.random ?? true }, Date.now())
                : answerCommand(sim, parsed.data, vehicle.online, Date.now());
            for (const answer of answers) {
              const timer = setTimeout(() => {
                timers.delete(timer);
                counters.answered += 1;
                publish(vehicle.id, answer.topic, answer.payload, 1);
              }, answer.delayMs);
              timers.add(timer);
            }
          });
          // A vehicle that cannot connect (wrong secret, broker down) does not hold the others back.
          client.once('close', () => resolve());
        }),
    ),
  );

  const ids = online.map((v) => v.id);
  const tick = setInterval(
    () => {
      for (const message of sim.step(ids, Date.now(), { devices: false })) {
        const vehicleId = message.topic.split('/')[message.topic.startsWith('voltline/v1/telemetry/') ? 4 : 3] ?? '';
        publish(vehicleId, message.topic, message.payload, message.topic.includes('/telemetry/') ? 0 : 1);
      }
    },
    Math.max(100, Math.round(1000 / options.rateHz)),
  );

  return {
    counters: () => ({ ...counters }),
    async stop() {
      stopped = true;
      clearInterval(tick);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...clients.values()].map((client) => client.endAsync(true).catch(() => undefined)));
    },
  };
}
