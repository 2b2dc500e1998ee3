import { driveProfileOf, packCyclesBy } from '../drive-profile';
import { flat, pad } from '../prng';
import type { Device, DeviceKind, DeviceType, Model, SimCard, TableName, Vehicle } from '../types';
import { SIM_OPERATORS } from '../catalog';
import { createdAtOf, ids, modelIndex, type Seeder, TIME } from './context';

const DEVICE_TYPES: readonly DeviceType[] = ['BMS', 'MCU', 'VCU', 'LOGGER'];

/** The table of each device type. */
export const DEVICE_TABLES = {
  BMS: 'bmsDevices',
  MCU: 'mcuDevices',
  VCU: 'vcuDevices',
  LOGGER: 'loggers',
} as const satisfies Record<DeviceType, TableName>;

/**
 * The devices of one type: device `i` is fitted to vehicle `i` (same model placement, live and last seen with it; a
 * fitted BMS reports its vehicle's charge), then `spareDevicesPerType` spares of OEM `i % oems`.
 */
function seedDevicesOf(type: DeviceType): Seeder<(typeof DEVICE_TABLES)[DeviceType], 'models' | 'vehicles'> {
  return (ctx, { models, vehicles }) => {
    const t = DEVICE_TYPES.indexOf(type);
    const r = ctx.rng('devices');
    const modelsById = new Map<string, Model>(models.map((m) => [m.id, m]));
    const total = vehicles.length + ctx.layout.spareDevicesPerType;
    const rows = new Array<Device>(total);
    for (let i = 0; i < total; i += 1) {
      const k = t * total + i;
      const vehicle: Vehicle | undefined = vehicles[i];
      const p = vehicle ? ctx.placement(i) : null;
      const oem = p ? p.oem : i % ctx.layout.oems;
      const modelNo =
        type === 'BMS'
          ? (p?.bmsModel ?? modelIndex('BMS', oem, 0))
          : type === 'MCU'
            ? (p?.mcuModel ?? modelIndex('MCU', oem, 0))
            : type === 'VCU'
              ? (p?.vcuModel ?? modelIndex('VCU', oem, 0))
              : null;
      const modelId = modelNo === null ? null : ids.model(type as DeviceKind, modelNo);
      // A fitted device is live when its vehicle is, and was last seen with it.
      const isLive = vehicle ? vehicle.isLive : false;
      const lastSeen = vehicle ? vehicle.lastSeenAt : ctx.now - r.int(k, 0, 30, 200) * TIME.DAY;
      const created = createdAtOf(ctx, r, k);
      const device: Device = {
        id: ids.device(type, i),
        type,
        serialNumber: flat(
          type === 'LOGGER' ? 'LG' : type,
          pad(oem + 1, 2),
          pad(r.int(k, 1, 0, 9999), 4),
          pad(i + 1, 6),
        ),
        modelId,
        oemId: ids.oem(oem),
        vehicleId: vehicle ? vehicle.id : null,
        firmwareVersion: `${r.int(k, 2, 1, 3)}.${r.int(k, 3, 0, 9)}.${r.int(k, 4, 0, 20)}`,
        status: r.chance(k, 5, 0.95) ? 1 : 0,
        state: isLive ? r.pick(k, 6, [1, 2, 2, 2, 3, 4, 5, 6] as const) : r.pick(k, 6, [0, 0, 'F'] as const),
        isLive,
        lastSeenAt: lastSeen,
        createdAt: created,
        updatedAt: created,
      };
      const model = modelId ? modelsById.get(modelId) : undefined;
      if (type === 'BMS' && model?.bms) {
        device.bms = {
          ...model.bms,
          // A fitted pack reports its vehicle's charge (as the list has it); a spare one, its own.
          soc: vehicle ? vehicle.soc : Math.round(r.float(k, 7) * 1000) / 10,
          soh: Math.round((75 + r.float(k, 8) * 25) * 10) / 10,
          // A fitted pack has done its vehicle's cycles (one a working day, two with a top-up in the break) since it
          // entered service, up to when it was last seen; a spare, its own.
          cycleCount: vehicle
            ? packCyclesBy(driveProfileOf(ctx.seed, vehicle), vehicle.lastSeenAt)
            : r.int(k, 9, 0, 1500),
        };
      }
      if (type === 'MCU' && model?.mcu) device.mcu = { ...model.mcu };
      if (type === 'LOGGER') device.imei = flat('35', pad(r.int(k, 10, 0, 999_999), 6), pad(i + 1, 7));
      rows[i] = device;
    }
    return rows;
  };
}

export const seedBmsDevices = seedDevicesOf('BMS');
export const seedMcuDevices = seedDevicesOf('MCU');
export const seedVcuDevices = seedDevicesOf('VCU');
export const seedLoggers = seedDevicesOf('LOGGER');

/** The SIM cards: SIM `i` sits in logger `i` (fitted ones), then spares. */
export const seedSims: Seeder<'sims', 'loggers'> = (ctx, { loggers }) => {
  const r = ctx.rng('sims');
  const total = ctx.size + ctx.layout.spareDevicesPerType;
  return Array.from({ length: total }, (_, i): SimCard => {
    const created = createdAtOf(ctx, r, i);
    const logger = i < ctx.size ? loggers[i] : undefined;
    return {
      id: ids.sim(i),
      iccid: flat('8991', pad(r.int(i, 0, 0, 99_999), 5), pad(i + 1, 10)),
      msisdn: flat('+91 7', pad(r.int(i, 1, 0, 999_999_999), 9)),
      operator: r.pick(i, 2, SIM_OPERATORS),
      loggerId: logger ? logger.id : null,
      status: r.chance(i, 3, 0.96) ? 1 : 0,
      createdAt: created,
      updatedAt: created,
    };
  });
};
