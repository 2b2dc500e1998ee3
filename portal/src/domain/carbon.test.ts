import { describe, expect, test } from 'vitest';
import { addFigures, carbonFigures, carbonSettingsErrors, DEFAULT_BASELINES, INDIA_GRID_INTENSITY } from './carbon';

describe('carbonFigures', () => {
  test('a 2 Wheeler: 100 km on 3 kWh, 10 % losses, Indian grid, 45.4 g/km baseline', () => {
    // Grid energy 3 x 1.1 = 3.3 kWh; EV 3.3 x 0.7117 = 2.34861 kg; baseline 100 x 45.4 / 1000 = 4.54 kg.
    const f = carbonFigures({
      distanceKm: 100,
      energyChargedKwh: 3,
      gridIntensity: INDIA_GRID_INTENSITY,
      contractIntensity: null,
      chargingLossPct: 10,
      baselineGPerKm: 45.4,
    });
    expect(f.gridEnergyKwh).toBeCloseTo(3.3, 10);
    expect(f.locationKg).toBeCloseTo(2.34861, 10);
    expect(f.baselineKg).toBeCloseTo(4.54, 10);
    expect(f.avoidedLocationKg).toBeCloseTo(2.19139, 10);
    // No supply contract: market-based falls back to the grid average.
    expect(f.marketKg).toBeCloseTo(2.34861, 10);
    expect(f.avoidedMarketKg).toBeCloseTo(2.19139, 10);
  });

  test('a fleet with a 0.2 t/MWh supply contract, a 3 Wheeler at 107.2 g/km, no losses', () => {
    // 50 km on 4 kWh: location 4 x 0.7117 = 2.8468 kg, market 4 x 0.2 = 0.8 kg, baseline 50 x 107.2 / 1000 = 5.36 kg.
    const f = carbonFigures({
      distanceKm: 50,
      energyChargedKwh: 4,
      gridIntensity: 0.7117,
      contractIntensity: 0.2,
      chargingLossPct: 0,
      baselineGPerKm: 107.2,
    });
    expect(f.locationKg).toBeCloseTo(2.8468, 10);
    expect(f.marketKg).toBeCloseTo(0.8, 10);
    expect(f.avoidedLocationKg).toBeCloseTo(2.5132, 10);
    expect(f.avoidedMarketKg).toBeCloseTo(4.56, 10);
  });

  test('a dirty grid and a frugal baseline avoid a negative amount (emissions added), not zero', () => {
    const f = carbonFigures({
      distanceKm: 10,
      energyChargedKwh: 1,
      gridIntensity: 1,
      contractIntensity: null,
      chargingLossPct: 0,
      baselineGPerKm: 50,
    });
    expect(f.avoidedLocationKg).toBeCloseTo(0.5 - 1, 10);
  });

  test('sums add field by field', () => {
    const a = carbonFigures({
      distanceKm: 100,
      energyChargedKwh: 3,
      gridIntensity: 0.7117,
      contractIntensity: null,
      chargingLossPct: 10,
      baselineGPerKm: 45.4,
    });
    const b = carbonFigures({
      distanceKm: 50,
      energyChargedKwh: 4,
      gridIntensity: 0.7117,
      contractIntensity: 0.2,
      chargingLossPct: 0,
      baselineGPerKm: 107.2,
    });
    const sum = addFigures(a, b);
    expect(sum.distanceKm).toBe(150);
    expect(sum.avoidedLocationKg).toBeCloseTo(2.19139 + 2.5132, 10);
    expect(sum.avoidedMarketKg).toBeCloseTo(2.19139 + 4.56, 10);
  });
});

describe('carbonSettingsErrors', () => {
  const valid = {
    gridIntensity: INDIA_GRID_INTENSITY,
    chargingLossPct: 10,
    baselines: {
      '2 Wheeler': DEFAULT_BASELINES['2 Wheeler'].gPerKm,
      '3 Wheeler': DEFAULT_BASELINES['3 Wheeler'].gPerKm,
    },
    regions: {},
  };
  test('the defaults are valid', () => expect(carbonSettingsErrors(valid)).toEqual({}));
  test('a baseline of 0 or below is a field error', () => {
    expect(carbonSettingsErrors({ ...valid, baselines: { '2 Wheeler': 0, '3 Wheeler': -5 } })).toEqual({
      baseline2w: 'A 2 Wheeler baseline must be more than 0.',
      baseline3w: 'A 3 Wheeler baseline must be more than 0.',
    });
  });
  test('intensity, losses and regions out of range are field errors', () => {
    const errors = carbonSettingsErrors({ ...valid, gridIntensity: 711.7, chargingLossPct: -1, regions: { Pune: 0 } });
    expect(Object.keys(errors).sort()).toEqual(['chargingLossPct', 'gridIntensity', 'regions']);
  });
});
