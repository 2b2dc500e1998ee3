import { resolve } from 'node:path';

/** The server's configuration, read from the environment once at start and typed from then on. */
export interface Config {
  port: number;
  host: string;
  /** Where PGlite keeps its files (when no DATABASE_URL) and where uploads go. Absolute. */
  dataDir: string;
  /** postgres://... for a real PostgreSQL; undefined for the embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** mqtt://, mqtts://, ws:// or wss:// of an external broker; undefined for the embedded one at /mqtt. */
  mqttUrl: string | undefined;
  /** What an empty database is seeded with: the demo world, or nothing but one Super Admin. */
  seed: 'demo' | 'none';
  seedVehicles: number;
  /**
   * The demo world's "now" (epoch ms) when it is seeded: its last-seen times, histories, tickets and faults end there.
   * `SEED_TIME` (ISO 8601), else the start's hour, as the demo follows the clock.
   */
  seedTime: number;
  admin: { email: string; password: string } | undefined;
  /** Origins allowed to call the API from another site; empty means same-origin only. */
  corsOrigins: string[];
  /** The built portal's folder, served with an SPA fallback when it exists. */
  portalDir: string;
  /** The widget's UMD build (`sdk/dist/umd`), served at `/widget/` when it exists: the portal's own widget (issue 38). */
  widgetDir: string;
  /** The widget's messenger frame (`messenger/dist`), served at `/messenger/` when it exists: the report form's page. */
  messengerDir: string;
  /**
   * The SDK key the portal's own widget sends with (`/config.json`): `PORTAL_WIDGET_KEY`, else the seeded demo world's
   * `demo-widget-key`; none for a clean installation (SEED=none) until one is set.
   */
  portalWidgetKey: string | undefined;
  /**
   * The fleet simulator in the server's process (decision 0124): `SIMULATE` 1/true or 0/false, else undefined (then
   * the `--simulate` flag of `pnpm start` decides). It connects as the seeded vehicles to the server's own broker.
   */
  simulate: boolean | undefined;
  /** How many seeded vehicles (the first by id) it simulates: `SIMULATE_VEHICLES`, default all seeded up to 1,000. */
  simulateVehicles: number;
  /** Messages per second per vehicle: `SIMULATE_RATE_HZ`, default 1. */
  simulateRateHz: number;
  /** How many times faster the simulated devices install firmware: `SIMULATE_OTA_SPEED`, 1 to 100, default 1. */
  simulateOtaSpeed: number;
  /** True when a TLS-terminating proxy sits in front: Strict-Transport-Security is sent and X-Forwarded-* trusted. */
  behindTls: boolean;
  logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n- ${problems.join('\n- ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const HOUR = 3_600_000;
/** The SDK key the demo world's seed stores (decision 0115). */
export const DEMO_WIDGET_KEY = 'demo-widget-key';

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

/** Reads and checks the environment; every problem is reported at once. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(env, name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };

  const port = int('PORT', 8080, 0, 65_535);
  const seedVehicles = int('SEED_VEHICLES', 300, 1, 100_000);
  const seedTimeRaw = text(env, 'SEED_TIME');
  let seedTime = Math.floor(Date.now() / HOUR) * HOUR;
  if (seedTimeRaw !== undefined) {
    const parsed = Date.parse(seedTimeRaw);
    if (Number.isNaN(parsed) || !/^\d{4}-\d{2}-\d{2}/.test(seedTimeRaw)) {
      problems.push(`SEED_TIME must be a date and time like 2026-01-01T00:00:00Z (got "${seedTimeRaw}")`);
    } else seedTime = parsed;
  }

  const simulateRaw = text(env, 'SIMULATE');
  let simulate: boolean | undefined;
  if (simulateRaw === '1' || simulateRaw === 'true') simulate = true;
  else if (simulateRaw === '0' || simulateRaw === 'false') simulate = false;
  else if (simulateRaw !== undefined) problems.push(`SIMULATE must be 1, true, 0 or false (got "${simulateRaw}")`);
  const simulateVehicles = int('SIMULATE_VEHICLES', Math.min(seedVehicles, 1000), 1, 100_000);
  const rateRaw = text(env, 'SIMULATE_RATE_HZ');
  let simulateRateHz = 1;
  if (rateRaw !== undefined) {
    const rate = Number(rateRaw);
    if (!Number.isFinite(rate) || rate <= 0 || rate > 10) {
      problems.push(`SIMULATE_RATE_HZ must be a number above 0 and at most 10 (got "${rateRaw}")`);
    } else simulateRateHz = rate;
  }

  const simulateOtaSpeed = int('SIMULATE_OTA_SPEED', 1, 1, 100);

  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const mqttUrl = text(env, 'MQTT_URL');
  if (mqttUrl !== undefined && !/^(mqtts?|wss?):\/\//.test(mqttUrl)) {
    problems.push('MQTT_URL must start with mqtt://, mqtts://, ws:// or wss://');
  }

  const seedRaw = text(env, 'SEED') ?? 'demo';
  if (seedRaw !== 'demo' && seedRaw !== 'none') problems.push(`SEED must be "demo" or "none" (got "${seedRaw}")`);
  const seed = seedRaw === 'none' ? 'none' : 'demo';

  const adminEmail = text(env, 'ADMIN_EMAIL');
  const adminPassword = env.ADMIN_PASSWORD;
  let admin: Config['admin'];
  if (adminEmail !== undefined || adminPassword !== undefined) {
    if (adminEmail === undefined || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
      problems.push('ADMIN_EMAIL must be an email address when ADMIN_PASSWORD is set');
    }
    if (adminPassword === undefined || adminPassword.length < 8) {
      problems.push('ADMIN_PASSWORD must have at least 8 characters when ADMIN_EMAIL is set');
    }
    if (adminEmail !== undefined && adminPassword !== undefined) admin = { email: adminEmail, password: adminPassword };
  }
  if (seed === 'none' && admin === undefined) {
    problems.push('SEED=none needs ADMIN_EMAIL and ADMIN_PASSWORD: a clean installation starts with one Super Admin');
  }

  const corsOrigins = (text(env, 'CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      problems.push(`CORS_ORIGINS holds "${origin}", which is not an origin like https://fleet.example.com`);
    }
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host: text(env, 'HOST') ?? '127.0.0.1',
    dataDir: resolve(cwd, text(env, 'DATA_DIR') ?? '.data'),
    databaseUrl,
    mqttUrl,
    seed,
    seedVehicles,
    seedTime,
    admin,
    corsOrigins,
    portalDir: resolve(cwd, text(env, 'PORTAL_DIR') ?? new URL('../../portal/dist', import.meta.url).pathname),
    widgetDir: resolve(cwd, text(env, 'WIDGET_DIR') ?? new URL('../../sdk/dist/umd', import.meta.url).pathname),
    messengerDir: resolve(cwd, text(env, 'MESSENGER_DIR') ?? new URL('../../messenger/dist', import.meta.url).pathname),
    portalWidgetKey: text(env, 'PORTAL_WIDGET_KEY') ?? (seed === 'demo' ? DEMO_WIDGET_KEY : undefined),
    simulate,
    simulateVehicles,
    simulateRateHz,
    simulateOtaSpeed,
    behindTls: text(env, 'BEHIND_TLS') === '1' || text(env, 'BEHIND_TLS') === 'true',
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
  };
}
