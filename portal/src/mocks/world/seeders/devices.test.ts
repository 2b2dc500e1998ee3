import { expect, test } from 'vitest';
import { createSeedContext, layoutFor } from './context';
import { seedBmsDevices, seedLoggers, seedMcuDevices, seedSims } from './devices';
import { seedModels } from './models';
import { seedOems } from './organisations';
import { seedVehicles } from './vehicles';

const ctx = createSeedContext({ seed: 4, size: 150 });
const models = seedModels(ctx, { oems: seedOems(ctx, {}) });
const vehicles = seedVehicles(ctx, { models });
const spares = layoutFor(150).spareDevicesPerType;

test('fits device i to vehicle i, live and last seen with it, then adds spares', () => {
  const bms = seedBmsDevices(ctx, { models, vehicles });
  expect(bms).toHaveLength(150 + spares);
  vehicles.forEach((v, i) => {
    const d = bms[i];
    expect(d).toMatchObject({
      id: v.bmsId,
      vehicleId: v.id,
      oemId: v.oemId,
      isLive: v.isLive,
      lastSeenAt: v.lastSeenAt,
    });
    // A fitted pack reports its vehicle's charge.
    expect(d?.bms?.soc).toBe(v.soc);
  });
  expect(bms.slice(150).every((d) => d.vehicleId === null && !d.isLive)).toBe(true);
});

test("gives a device a model of its own kind and its vehicle's OEM, a logger an IMEI", () => {
  const byId = new Map(models.map((m) => [m.id, m]));
  for (const d of seedMcuDevices(ctx, { models, vehicles })) {
    expect(byId.get(d.modelId as string)).toMatchObject({ kind: 'MCU', oemId: d.oemId });
    expect(d.mcu).toBeDefined();
  }
  const loggers = seedLoggers(ctx, { models, vehicles });
  expect(loggers.every((d) => d.modelId === null && /^35\d{13}$/.test(d.imei ?? ''))).toBe(true);
});

test('puts SIM i into logger i, and keeps the spare SIMs free', () => {
  const loggers = seedLoggers(ctx, { models, vehicles });
  const sims = seedSims(ctx, { loggers });
  expect(sims).toHaveLength(150 + spares);
  expect(sims.slice(0, 150).map((s) => s.loggerId)).toEqual(loggers.slice(0, 150).map((l) => l.id));
  expect(sims.slice(150).every((s) => s.loggerId === null)).toBe(true);
});
