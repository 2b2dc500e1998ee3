import { type DriveProfile, driveProfileOf, profileActivity } from './drive-profile';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * What a vehicle did on one UTC day (issue 39, decision 0114): the row of the per-vehicle, per-day roll-up the server
 * keeps (`vehicle_activity_days`), which the analysis, the carbon report and the dashboard's activity, charging and
 * CO2 panels sum. On the server the seed writes these for its window and ingestion (issue 35) maintains them; the
 * demo's store answers them from here on demand.
 */
export interface ActivityDayRow {
  vehicleId: string;
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  /** Hours of the day the vehicle was in service (from its `createdAt`) and reporting (up to when it was last seen). */
  reportingHours: number;
  drivingHours: number;
  distanceKm: number;
  energyKwh: number;
  trips: number;
  chargeSessions: number;
  chargedKwh: number;
  socUsedPct: number;
  plugInSocSum: number;
  unplugSocSum: number;
}

/** The vehicle a roll-up is of: its id, when it entered service and when it was last seen. */
export interface ActivityVehicle {
  id: string;
  createdAt: number;
  lastSeenAt: number;
}

/**
 * The vehicle's roll-up rows for the UTC days that start in [from, to) (`from` a UTC midnight), from its drive
 * profile, over the part of each day it was in service and reporting (nothing after `to`). A day it reported on but
 * did not drive or charge has a row of zeros; a day it did not report on has none.
 */
export function activityDaysOf(
  seed: number,
  vehicle: ActivityVehicle,
  from: number,
  to: number,
  profile: DriveProfile = driveProfileOf(seed, vehicle),
): ActivityDayRow[] {
  const start = Math.max(from, vehicle.createdAt);
  const end = Math.min(to, vehicle.lastSeenAt);
  if (end <= start) return [];
  const days = profileActivity(profile, start, end);
  const out: ActivityDayRow[] = [];
  for (let dayStart = Math.floor(start / DAY) * DAY; dayStart < end; dayStart += DAY) {
    const reportingHours = (Math.min(end, dayStart + DAY) - Math.max(start, dayStart)) / HOUR;
    const date = new Date(dayStart).toISOString().slice(0, 10);
    const d = days.get(date);
    out.push({
      vehicleId: vehicle.id,
      date,
      reportingHours,
      drivingHours: d?.drivingHours ?? 0,
      distanceKm: d?.distanceKm ?? 0,
      energyKwh: d?.energyKwh ?? 0,
      trips: d?.trips ?? 0,
      chargeSessions: d?.chargeSessions ?? 0,
      chargedKwh: d?.chargedKwh ?? 0,
      socUsedPct: d?.socUsedPct ?? 0,
      plugInSocSum: d?.plugInSocSum ?? 0,
      unplugSocSum: d?.unplugSocSum ?? 0,
    });
  }
  return out;
}
