import type { components } from '@/domain/api-schema';
import { createRng } from './prng';
import type { Device, Stored } from './types';

export type HardwareLogRow = Stored<components['schemas']['HardwareLogEntry']>;
type Level = HardwareLogRow['level'];

/** How far back the log reaches. */
export const HARDWARE_LOG_HISTORY_MS = 3 * 24 * 3_600_000;
/** On average each fitted logger writes one message per this long; the whole fleet at most one per 5 s. */
const PER_LOGGER_MS = 30 * 60_000;
const MIN_SLOT_MS = 5_000;

const LEVELS: readonly Level[] = ['DEBUG', 'DEBUG', 'INFO', 'INFO', 'INFO', 'INFO', 'INFO', 'WARN', 'WARN', 'ERROR'];

type Template = (r: ReturnType<typeof createRng>, k: number) => string;
const MESSAGES: Record<Level, readonly Template[]> = {
  DEBUG: [
    (r, k) => `CAN bus load ${r.int(k, 5, 8, 64)}%`,
    (r, k) => `Supply voltage ${(11.8 + r.float(k, 5) * 2.6).toFixed(2)} V`,
    (r, k) => `Frame buffer ${r.int(k, 5, 0, 480)}/512`,
  ],
  INFO: [
    (r, k) => `Heartbeat: GSM ${-55 - r.int(k, 5, 0, 40)} dBm, ${r.int(k, 6, 4, 14)} satellites`,
    (r, k) => `Telemetry batch sent (${r.int(k, 5, 10, 120)} frames)`,
    (r, k) => `Ignition ${r.chance(k, 5, 0.5) ? 'on' : 'off'}`,
    () => 'Connected to broker',
    (r, k) => `GPS fix acquired (HDOP ${(0.6 + r.float(k, 5) * 1.4).toFixed(1)})`,
  ],
  WARN: [
    (r, k) => `GSM signal weak (${-100 - r.int(k, 5, 0, 15)} dBm)`,
    () => 'GPS fix lost',
    (r, k) => `Broker reconnect, attempt ${r.int(k, 5, 1, 6)}`,
    (r, k) => `Supply voltage low: ${(10.2 + r.float(k, 5)).toFixed(2)} V`,
  ],
  ERROR: [
    (r, k) =>
      `CAN error frame from ${r.pick(k, 5, ['BMS', 'MCU', 'VCU'])} (0x18FF${r.int(k, 6, 16, 255).toString(16).toUpperCase()}E5)`,
    () => 'MQTT publish failed: timeout',
    () => 'Storage write failed: flash sector busy',
    () => 'Watchdog reset',
  ],
};

/** The spacing of messages across the fleet: one slot holds one message. */
export function hardwareLogSlotMs(loggerCount: number): number {
  return Math.max(MIN_SLOT_MS, Math.round(PER_LOGGER_MS / Math.max(1, loggerCount)));
}

/**
 * The messages fitted logger devices sent in [from, to] (at most `HARDWARE_LOG_HISTORY_MS` before `now`), newest
 * first. Time is cut in slots of absolute time and each slot's message is a pure function of (seed, slot), so the log
 * grows as real time passes (a live tail has something to show) and every page of it is the same on every read.
 * `loggers` are all fitted loggers of the world (the fleet's rate), `keep` those the caller may see.
 */
export function hardwareLogsOf(
  seed: number,
  loggers: readonly Device[],
  now: number,
  range: { from?: number; to?: number; keep?: (device: Device) => boolean; level?: ReadonlySet<string> } = {},
): HardwareLogRow[] {
  if (loggers.length === 0) return [];
  const slot = hardwareLogSlotMs(loggers.length);
  const r = createRng(seed, 'hardware-log');
  const newest = Math.min(now, range.to ?? now);
  const oldest = Math.max(now - HARDWARE_LOG_HISTORY_MS, range.from ?? 0);
  const rows: HardwareLogRow[] = [];
  for (let k = Math.floor(newest / slot); k * slot + slot > oldest; k -= 1) {
    const at = k * slot + r.int(k, 0, 0, slot - 1);
    if (at > newest || at < oldest) continue;
    const device = loggers[r.int(k, 1, 0, loggers.length - 1)] as Device;
    if (range.keep && !range.keep(device)) continue;
    const level = r.pick(k, 2, LEVELS);
    if (range.level && !range.level.has(level)) continue;
    rows.push({
      id: `hwl-${k}`,
      occurredAt: at,
      level,
      deviceId: device.id,
      deviceSerial: device.serialNumber,
      vehicleId: device.vehicleId,
      message: r.pick(k, 3, MESSAGES[level])(r, k),
    });
  }
  return rows;
}
