import { expect, test } from 'vitest';
import { createSeedContext, MODELS_PER_OEM } from './context';
import { seedModels } from './models';
import { seedOems } from './organisations';

const ctx = createSeedContext({ seed: 6, size: 100 });
const oems = seedOems(ctx, {});
const models = seedModels(ctx, { oems });

test('seeds every kind of model for every OEM, configured, plus one EV draft', () => {
  for (const kind of ['EV', 'BMS', 'MCU', 'VCU'] as const) {
    const configured = models.filter((m) => m.kind === kind && m.configurationStep === 6);
    expect(configured).toHaveLength(MODELS_PER_OEM[kind] * oems.length);
    expect(configured.every((m) => m.configuration && m.telemetryTemplate.length > 0)).toBe(true);
  }
  const drafts = models.filter((m) => m.status === 0);
  expect(drafts).toHaveLength(1);
  expect(drafts[0]).toMatchObject({ id: 'mdl-ev-1000', kind: 'EV', configurationStep: 3 });
  expect(drafts[0]?.configuration).toBeUndefined();
});

test('gives BMS models a battery spec, MCU models a motor spec and EV models a vehicle type', () => {
  for (const m of models) {
    if (m.kind === 'BMS') expect(m.bms?.cellCount).toBeGreaterThan(0);
    if (m.kind === 'MCU') expect(m.mcu?.ratedPowerKw).toBeGreaterThan(0);
    if (m.kind === 'EV') expect(['2 Wheeler', '3 Wheeler']).toContain(m.vehicleType);
  }
});
