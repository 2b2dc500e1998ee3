import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { type DatabaseHandle, openPglite, openPostgres, pgliteDir } from './db/database';
import { migrate } from './db/migrate';
import { isEmpty, seedAdmin, seedDemoWorld } from './db/seed';
import { createServiceDeps } from './deps';
import { createApp } from './http/app';
import { WIDGET_WS_PATH } from './http/widget-socket';
import { startEmbeddedBroker } from './live/broker';
import { relayExternal } from './live/broker-relay';
import { connectExternalBroker } from './live/external-broker';
import { type CommandLive, startCommandLive } from './live/command-live';
import { type FirmwareLive, startFirmwareLive } from './live/firmware-live';
import { createRuleLive, type RuleLive } from './live/rule-live';
import { consumeEmbedded, consumeExternal, type TelemetryConsumer } from './live/telemetry-consumer';
import { type FleetSimulation, type OtaSimulation, startFleetSimulation } from './simulator/fleet-simulation';
import { provisionSimulatedVehicles, saveSimulatedVehicles, simulatorFileOf } from './simulator/provision';

export interface RunningServer {
  url: string;
  /** The telemetry consumer's counters (received, written, dropped by reason). */
  ingestion: TelemetryConsumer['counters'];
  /** Vehicles' command acknowledgements: received, settled, dropped by reason. */
  acks: CommandLive['counters'];
  /** Devices' OTA progress: received, applied, dropped by reason (decision 0127). */
  ota: FirmwareLive['counters'];
  /** The rule chain on ingested telemetry: faults stored, notifications sent and published (decision 0126). */
  rules: RuleLive['counters'];
  /** The in-process fleet simulator, when it runs. */
  simulation: FleetSimulation | undefined;
  /** Stops taking requests, lets those in flight finish, closes the broker and the database. */
  stop(): Promise<void>;
}

export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(pgliteDir(config.dataDir));
}

/** Opens and migrates the database; on an empty one, seeds the demo world or the configured Super Admin. */
export async function prepareDatabase(
  database: DatabaseHandle,
  config: Config,
  log: (message: string) => void,
): Promise<void> {
  const applied = await migrate(database);
  if (applied.length > 0) log(`database: applied migrations ${applied.join(', ')}`);
  if (!(await isEmpty(database.db))) return;
  if (config.seed === 'demo') {
    const seeded = await seedDemoWorld(database.db, config.seedVehicles, config.seedTime);
    log(`database: seeded the demo world (${seeded.vehicles} vehicles, ${seeded.users} demo accounts)`);
  }
  if (config.admin) {
    await seedAdmin(database.db, config.admin);
    log(`database: created the Super Admin ${config.admin.email}`);
  }
}

/**
 * Starts the server. `options.simulate` (the `--simulate` flag of `pnpm start`) runs the fleet simulator in process
 * for the seeded world unless `SIMULATE` says otherwise (decision 0124).
 */
export async function startServer(
  config: Config,
  logger: FastifyServerOptions['logger'],
  options: {
    simulate?: boolean;
    ota?: Partial<OtaSimulation>;
    /** How long after the start installs left in flight are recovered (default `RESTART_GRACE_MS`). */
    restartGraceMs?: number;
  } = {},
): Promise<RunningServer> {
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, config, (message) => console.log(message));
  } catch (error) {
    await database.close();
    throw error;
  }
  // Sent commands go to the broker, which starts after the deps it authenticates with.
  let publishTo: ((topic: string, payload: string) => Promise<void>) | undefined;
  const deps = createServiceDeps(database.db, {
    publish: (topic, message) => publishTo?.(topic, JSON.stringify(message)),
    dataDir: config.dataDir,
  });
  const broker = config.mqttUrl ? connectExternalBroker(config.mqttUrl) : await startEmbeddedBroker(deps);
  publishTo = (topic, payload) => broker.publish(topic, payload);
  // On an external broker, browsers still connect to /mqtt: an embedded broker for browsers only, fed by a relay.
  const browsers = 'aedes' in broker ? broker : await startEmbeddedBroker(deps, { vehicles: false });
  const relay = config.mqttUrl ? relayExternal(config.mqttUrl, browsers) : undefined;
  const app = await createApp({ config, database, deps, broker }, logger);
  // Vehicle telemetry into the database in batches (issue 35); drops are logged at debug and counted.
  const debug = (message: string, detail?: Record<string, unknown>) => app.log.debug(detail ?? {}, message);
  // After each written batch: its faults stored, the rules run, notifications and tickets written and published.
  const rules = createRuleLive(database.db, deps.commands, (topic, payload) => broker.publish(topic, payload), {
    debug,
  });
  const consumer =
    'aedes' in broker
      ? await consumeEmbedded(broker.aedes, deps.ingestion, { debug, afterWrite: rules.afterWrite })
      : consumeExternal(broker.client, deps.ingestion, { debug, afterWrite: rules.afterWrite });
  // Vehicles' acknowledgements settle their commands; expired ones are failed every few seconds; both published live.
  const commandLive = await startCommandLive(
    deps.commands,
    'aedes' in broker ? { embedded: broker } : { external: broker.client },
    (topic, payload) => broker.publish(topic, payload),
    { debug },
  );
  // Rollouts advance by the job queue in the database, on the devices' OTA progress (decision 0127).
  const firmwareLive = await startFirmwareLive(
    database.db,
    deps.rollouts,
    'aedes' in broker ? { embedded: broker } : { external: broker.client },
    { debug },
  );
  app.server.on('upgrade', (request, socket, head) => {
    const path = (request.url ?? '').split('?')[0];
    if (path === '/mqtt') browsers.handleUpgrade(request, socket, head);
    // the widget's socket is the app's (http/widget-socket.ts)
    else if (path !== WIDGET_WS_PATH) socket.destroy();
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}/`;
  let simulation: FleetSimulation | undefined;
  if ((config.simulate ?? options.simulate === true) && config.seed === 'demo') {
    try {
      const vehicles = await provisionSimulatedVehicles(database.db, deps, config.simulateVehicles);
      await saveSimulatedVehicles(simulatorFileOf(config.dataDir), vehicles).catch(() => undefined);
      const brokerUrl = config.mqttUrl ?? `ws://${config.host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/mqtt`;
      simulation = await startFleetSimulation({
        brokerUrl,
        vehicles,
        rateHz: config.simulateRateHz,
        ota: { speed: config.simulateOtaSpeed, ...options.ota },
        log: (message) => app.log.debug(message),
      });
      const online = vehicles.filter((v) => v.online).length;
      console.log(
        `fleet simulator: ${online} of ${vehicles.length} seeded vehicles online at ${config.simulateRateHz} Hz`,
      );
    } catch (error) {
      console.error(`fleet simulator did not start: ${String(error)}`);
    }
  }
  // Open rollouts without a job get one; installs the last process left in flight are recovered (decision 0127).
  await firmwareLive.runJobs({
    ...('aedes' in broker ? { sessions: () => broker.connectedVehicles() } : {}),
    ...(options.restartGraceMs !== undefined ? { graceMs: options.restartGraceMs } : {}),
  });
  let stopping: Promise<void> | undefined;
  return {
    url,
    ingestion: () => consumer.counters(),
    acks: () => commandLive.counters(),
    ota: () => firmwareLive.counters(),
    rules: () => rules.counters(),
    simulation,
    stop() {
      stopping ??= (async () => {
        // Rollouts stop moving first: no install is sent to a vehicle that is going away with the server.
        await firmwareLive.stopJobs();
        await simulation?.stop();
        await app.close();
        // No more messages once the broker is closed; what was buffered is written before the database closes.
        await commandLive.close();
        await firmwareLive.close();
        await relay?.close();
        if (browsers !== broker) await browsers.close();
        await broker.close();
        await consumer.close();
        await rules.settle();
        await database.close();
      })();
      return stopping;
    },
  };
}
