#!/usr/bin/env node
// Telemetry publisher: simulated vehicles driving around the demo region (Pune), published to a real broker on the
// production topics. Answers command requests with acknowledgements and OTA progress.
//   node e2e/servers/publisher.mjs --url ws://127.0.0.1:9001 --vehicles 200 --rate 1
// Flags: --url, --vehicles N, --ids A,B,C (instead of N), --prefix VH-, --rate Hz, --seed N, --devices seconds (0 off),
//        --fault-rate per driving second. Env: MQTT_URL, LIVE_VEHICLES, LIVE_RATE_HZ.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { MqttClient } from 'mqtt';
import { WebSocket } from 'ws';
import { coalescingStream } from './ws-coalescing-stream.mjs';
import { createFleetSimulator, defaultVehicleIds } from '../../portal/src/mocks/live/fleet-simulator.js';

/** The demo region shared with the portal (roads, places, geofences). */
export const DEMO_REGION = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../portal/src/shared/lib/live/demo-region.json', import.meta.url)), 'utf8'),
);

const COMMANDS_FILTER = 'voltline/v1/vehicles/+/commands';
/** Each period is published in this many slices, so that 10,000 vehicles do not arrive as one burst. */
const SLICES = 10;

/**
 * Connects to the broker and publishes telemetry for every vehicle `rateHz` times per second until `stop()`.
 * @param {import('./publisher.d.mts').PublisherOptions} options
 * @returns {Promise<import('./publisher.d.mts').Publisher>}
 */
export async function startPublisher(options) {
  const vehicleIds =
    typeof options.vehicles === 'number' || options.vehicles === undefined
      ? defaultVehicleIds(options.vehicles ?? 200, options.prefix)
      : [...options.vehicles];
  // Offline vehicles publish nothing (decision 0103).
  const publishing = options.isOnline ? vehicleIds.filter(options.isOnline) : vehicleIds;
  const rateHz = options.rateHz ?? 1;
  const deviceEveryS = options.deviceEveryS ?? 5;
  const sim = createFleetSimulator({
    region: DEMO_REGION,
    seed: options.seed ?? 1,
    faultRate: options.faultRate,
    profileOf: options.profileOf,
  });
  // mqtt.js's own WebSocket stream sends every write as a frame (a PUBLISH is several writes): 10,000 messages a second
  // became tens of thousands of frames for this process and the broker to frame and parse. Coalesced per event-loop
  // turn, as the broker does towards its subscribers.
  const client = new MqttClient(() => coalescingStream(new WebSocket(options.url, 'mqtt')), {
    clientId: `voltline-publisher-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
    reconnectPeriod: 1000,
    clean: true,
  });
  await new Promise((resolve, reject) => {
    client.once('connect', resolve);
    client.once('error', reject);
  });
  client.on('error', (error) => options.log?.(`publisher: ${error.message}`));

  let published = 0;
  let commands = 0;
  const timers = new Set();
  let stopped = false;

  function send(topic, payload, qos = 0) {
    if (stopped) return;
    const body = JSON.stringify(payload);
    client.publish(topic, body, { qos });
    published++;
    options.onPublish?.(topic, payload);
  }

  await client.subscribeAsync(COMMANDS_FILTER, { qos: 1 });
  client.on('message', (_topic, buffer) => {
    let request;
    try {
      request = JSON.parse(buffer.toString('utf8'));
    } catch {
      return;
    }
    if (request?.v !== 1 || typeof request.commandId !== 'string' || typeof request.vehicleUid !== 'string') return;
    commands++;
    for (const step of sim.handleCommand(request, Date.now())) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(step.topic, { ...step.payload, ts: Date.now() }, 1);
      }, step.delayMs);
      timers.add(timer);
    }
  });

  const periodMs = 1000 / rateHz;
  const sliceMs = periodMs / SLICES;
  const sliceSize = Math.ceil(publishing.length / SLICES);
  let slice = 0;
  let lastDevicesAt = 0;
  let devicesDue = deviceEveryS > 0;
  // Slices are due by the clock, not by the count of timer ticks: on a busy machine a late tick publishes every slice
  // that fell due, so the fleet really reports at `rateHz` instead of drifting below it.
  let nextSliceAt = Date.now();
  let timer = null;
  function publishDue() {
    timer = null;
    if (stopped) return;
    const now = Date.now();
    for (let due = 0; nextSliceAt <= now && due < SLICES; due++) {
      const ids = publishing.slice(slice * sliceSize, (slice + 1) * sliceSize);
      for (const message of sim.step(ids, now, { devices: devicesDue })) send(message.topic, message.payload);
      slice = (slice + 1) % SLICES;
      if (slice === 0) {
        devicesDue = deviceEveryS > 0 && now - lastDevicesAt >= deviceEveryS * 1000;
        if (devicesDue) lastDevicesAt = now;
      }
      nextSliceAt += sliceMs;
    }
    // More than a whole period behind (the process was stopped): start afresh rather than burst.
    if (nextSliceAt <= now) nextSliceAt = now + sliceMs;
    timer = setTimeout(publishDue, Math.max(0, nextSliceAt - Date.now()));
  }
  publishDue();

  return {
    client,
    vehicleIds,
    stats: () => ({ published, commands }),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const timer of timers) clearTimeout(timer);
      await client.endAsync();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      vehicles: { type: 'string' },
      ids: { type: 'string' },
      prefix: { type: 'string' },
      rate: { type: 'string' },
      seed: { type: 'string' },
      devices: { type: 'string' },
      'fault-rate': { type: 'string' },
    },
  });
  const url = values.url ?? process.env.MQTT_URL ?? 'ws://127.0.0.1:9001';
  const publisher = await startPublisher({
    url,
    vehicles: values.ids ? values.ids.split(',') : Number(values.vehicles ?? process.env.LIVE_VEHICLES ?? 200),
    prefix: values.prefix,
    rateHz: Number(values.rate ?? process.env.LIVE_RATE_HZ ?? 1),
    seed: values.seed ? Number(values.seed) : undefined,
    deviceEveryS: values.devices ? Number(values.devices) : undefined,
    faultRate: values['fault-rate'] ? Number(values['fault-rate']) : undefined,
    log: console.error,
  });
  console.log(`publisher: ${publisher.vehicleIds.length} vehicles to ${url}`);
  const stop = () => publisher.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
