import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

test('defaults: port 8080 on loopback, .data under the working directory, demo seed of 300 vehicles', () => {
  const config = loadConfig({}, '/srv/voltline');
  expect(config).toMatchObject({
    port: 8080,
    host: '127.0.0.1',
    dataDir: '/srv/voltline/.data',
    databaseUrl: undefined,
    mqttUrl: undefined,
    seed: 'demo',
    seedVehicles: 300,
    corsOrigins: [],
    behindTls: false,
  });
});

test('every problem is reported at once', () => {
  let error: unknown;
  try {
    loadConfig({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      SEED_VEHICLES: '200000',
      CORS_ORIGINS: 'https://a.example/path',
    });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).problems).toHaveLength(4);
});

test('SEED=none needs the Super Admin it starts with', () => {
  expect(() => loadConfig({ SEED: 'none' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
  expect(loadConfig({ SEED: 'none', ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'long enough' }).admin).toEqual({
    email: 'ops@example.com',
    password: 'long enough',
  });
});

test("the demo world's now: SEED_TIME when given, else the start's hour", () => {
  const hour = 3_600_000;
  const before = Math.floor(Date.now() / hour) * hour;
  const seedTime = loadConfig({}).seedTime;
  expect(seedTime % hour).toBe(0);
  expect(seedTime).toBeGreaterThanOrEqual(before);
  expect(seedTime).toBeLessThanOrEqual(Date.now());
  expect(loadConfig({ SEED_TIME: '2026-03-01T08:00:00Z' }).seedTime).toBe(Date.UTC(2026, 2, 1, 8));
  expect(() => loadConfig({ SEED_TIME: 'yesterday' })).toThrow(/SEED_TIME must be a date and time/);
});

test('the fleet simulator: SIMULATE decides over the flag when set; its vehicles and rate are checked', () => {
  expect(loadConfig({})).toMatchObject({ simulate: undefined, simulateVehicles: 300, simulateRateHz: 1 });
  expect(loadConfig({ SEED_VEHICLES: '5000' }).simulateVehicles).toBe(1000);
  expect(loadConfig({ SIMULATE: '0', SIMULATE_VEHICLES: '20', SIMULATE_RATE_HZ: '2.5' })).toMatchObject({
    simulate: false,
    simulateVehicles: 20,
    simulateRateHz: 2.5,
  });
  expect(loadConfig({ SIMULATE: 'true' }).simulate).toBe(true);
  expect(() => loadConfig({ SIMULATE: 'yes', SIMULATE_RATE_HZ: '0' })).toThrow(
    /SIMULATE must be[\s\S]*SIMULATE_RATE_HZ/,
  );
});
