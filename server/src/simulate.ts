import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { startFleetSimulation } from './simulator/fleet-simulation';
import { loadSimulatedVehicles, simulatorFileOf } from './simulator/provision';

/**
 * `pnpm simulate --vehicles N --rate HZ --broker URL [--credentials FILE] [--ota-speed X]`: the fleet simulator in its own
 * process
 * (decision 0124). It speaks for the seeded vehicles whose device secrets the server issued when it started with its
 * simulator (`DATA_DIR/simulator-vehicles.json`, or `--credentials`): run the server with `SIMULATE=1
 * SIMULATE_VEHICLES=N` once, or keep its in-process simulator. Stops on SIGINT or SIGTERM.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      vehicles: { type: 'string' },
      rate: { type: 'string', default: '1' },
      broker: { type: 'string', default: 'ws://127.0.0.1:8080/mqtt' },
      credentials: { type: 'string' },
      /** Firmware installs this many times faster than the demo's pace (decision 0127). */
      'ota-speed': { type: 'string', default: '1' },
    },
  });
  const rateHz = Number(values.rate);
  if (!Number.isFinite(rateHz) || rateHz <= 0 || rateHz > 10) throw new Error('--rate must be above 0 and at most 10');
  const otaSpeed = Number(values['ota-speed']);
  if (!Number.isFinite(otaSpeed) || otaSpeed < 1 || otaSpeed > 100)
    throw new Error('--ota-speed must be from 1 to 100');
  const file = values.credentials ?? simulatorFileOf(loadConfig().dataDir);
  const all = await loadSimulatedVehicles(file).catch((error: unknown) => {
    throw new Error(
      `no simulated vehicles' credentials in ${file} (${String(error)}): start the server with SIMULATE=1 once`,
    );
  });
  const count = values.vehicles === undefined ? all.length : Number(values.vehicles);
  if (!Number.isInteger(count) || count < 1) throw new Error('--vehicles must be a whole number above 0');
  const vehicles = all.slice(0, count);
  const simulation = await startFleetSimulation({
    brokerUrl: values.broker,
    vehicles,
    rateHz,
    ota: { speed: otaSpeed },
    log: (message) => console.error(message),
  });
  const online = vehicles.filter((v) => v.online).length;
  console.log(
    `simulating ${vehicles.length} vehicles (${online} online) at ${rateHz} Hz on ${values.broker}; ` +
      `${simulation.counters().connected} connected`,
  );
  const report = setInterval(() => {
    const c = simulation.counters();
    console.log(`published ${c.published}, commands ${c.commands}, answers ${c.answered}`);
  }, 10_000);
  const stop = () => {
    clearInterval(report);
    simulation.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
