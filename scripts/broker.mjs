#!/usr/bin/env node
// Local live data: starts the MQTT-over-WebSocket broker (aedes + ws) and the telemetry publisher together.
//   node scripts/broker.mjs            then run the portal with VITE_MQTT_URL=ws://127.0.0.1:9001
// Env: MQTT_HOST (127.0.0.1), MQTT_PORT (9001), LIVE_VEHICLES (200), LIVE_RATE_HZ (1), LIVE_SEED (1).
import { startBroker } from '../e2e/servers/broker.mjs';
import { startPublisher } from '../e2e/servers/publisher.mjs';

const broker = await startBroker({
  host: process.env.MQTT_HOST ?? '127.0.0.1',
  port: Number(process.env.MQTT_PORT ?? 9001),
});
const publisher = await startPublisher({
  url: broker.url,
  vehicles: Number(process.env.LIVE_VEHICLES ?? 200),
  rateHz: Number(process.env.LIVE_RATE_HZ ?? 1),
  seed: Number(process.env.LIVE_SEED ?? 1),
  log: console.error,
});
console.log(`broker: MQTT over WebSocket on ${broker.url}`);
console.log(
  `publisher: ${publisher.vehicleIds.length} vehicles at ${process.env.LIVE_RATE_HZ ?? 1} Hz (Ctrl+C to stop)`,
);

async function stop() {
  await publisher.stop();
  await broker.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
