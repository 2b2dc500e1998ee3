import { createRng, hashString } from './prng';

/**
 * The day of a demo vehicle, from which its telemetry history is derived (issue 18 items 2-3): it drives in a few
 * half-hour slots of each day, charges at the end of its shift, and stands still otherwise. Shifts are staggered
 * (decision 0103): two thirds of the fleet work a day shift (starting 06:00-15:00 UTC), a third a night shift 12 h
 * later, so that at every hour of the day some vehicles drive and some charge. Everything follows from that one
 * plan, so the odometer only rises (by speed x time), the state of charge falls while driving and rises only while
 * charging, the range follows the state of charge, and the state code is one of the listed codes. A value depends only
 * on (seed, vehicle, time): two ranges that overlap agree where they overlap.
 */

// The vehicle seeder imports this module; it keeps its own time constants.
const TIME = { HOUR: 3_600_000, DAY: 86_400_000 } as const;
export const SLOT_MS = 30 * 60_000;
/** Days count from here, so that odometers of the demo stay in the tens of thousands of km. */
const EPOCH = Date.UTC(2024, 0, 1);
/** On the base shift (start 06:00), charging starts at 19:00 and the pack is full again by 22:00 at most. */
const CHARGE_FROM_SLOT = 38;
const CHARGE_SLOTS = 6;
/** State of charge at the start of each day (charged overnight) and per km driven (a 4-5 kWh pack, ~0.5 %/km). */
const FULL_SOC = 92;
const MIN_SOC = 8;
/** Range per % of charge (a 2.2 km/% pack: 200 km when full). */
export const RANGE_KM_PER_SOC = 2.2;

/** Vehicle state codes (spec §3) the profile uses: StandBy, Drive, AC Charge. */
export const PROFILE_STATE = { standBy: 0, drive: 66, acCharge: 81 } as const;

export interface DriveProfile {
  /** km driven on every day (the same each day, so the odometer at a time needs no sum over the days before). */
  kmPerDay: number;
  /** Odometer at the epoch. */
  baseKm: number;
  /** Which slots of day `day` the vehicle drives in (before the evening charge), on the base shift's clock. */
  driveSlots: (day: number) => readonly number[];
  /**
   * Whole hours the vehicle's shift starts after the base shift (06:00 UTC): 0-9 on the day shift, 12-21 on the night
   * shift (decision 0103). Its day is the base day moved by this much.
   */
  shiftHours: number;
}

/** Share of the fleet on the night shift, and how many hours the starts of one shift spread over (decision 0103). */
const NIGHT_SHARE = 1 / 3;
const NIGHT_SHIFT_HOURS = 12;
const SHIFT_STAGGER_HOURS = 10;

export function driveProfileOf(seed: number, vehicleId: string): DriveProfile {
  const r = createRng(seed ^ hashString(vehicleId), 'drive-profile');
  const kmPerDay = 40 + Math.round(r.float(0, 0) * 80);
  const baseKm = 2_000 + Math.round(r.float(0, 1) * 30_000);
  const shiftHours = (r.chance(0, 2, NIGHT_SHARE) ? NIGHT_SHIFT_HOURS : 0) + r.int(0, 3, 0, SHIFT_STAGGER_HOURS - 1);
  const cache = new Map<number, number[]>();
  return {
    kmPerDay,
    baseKm,
    shiftHours,
    driveSlots: (day) => {
      let slots = cache.get(day);
      if (!slots) {
        const dayRng = createRng(seed ^ hashString(vehicleId), `drive-day:${day}`);
        const count = dayRng.int(0, 0, 3, 8);
        const chosen = new Set<number>();
        // Slots of the shift, 06:00 to 19:00 on the base shift's clock (12 to 37).
        for (let i = 0; chosen.size < count && i < 64; i += 1) chosen.add(dayRng.int(i, 1, 12, CHARGE_FROM_SLOT - 1));
        slots = [...chosen].sort((a, b) => a - b);
        cache.set(day, slots);
      }
      return slots;
    },
  };
}

export interface ProfileSample {
  speed: number;
  odometer: number;
  soc: number;
  range: number;
  stateCode: number;
  driving: boolean;
  charging: boolean;
}

/** km per % of charge: the day's distance takes the pack from full to (at most) the evening's low. */
function kmPerSocOf(profile: DriveProfile): number {
  return profile.kmPerDay / Math.min(FULL_SOC - MIN_SOC, profile.kmPerDay * 0.55);
}

/** The vehicle at time `t` according to its profile. */
export function profileAt(profile: DriveProfile, t: number): ProfileSample {
  // The vehicle's shift is the base shift moved by `shiftHours`: its time is the base shift's time that much earlier.
  const sinceEpoch = t - profile.shiftHours * TIME.HOUR - EPOCH;
  const day = Math.floor(sinceEpoch / TIME.DAY);
  const inDay = sinceEpoch - day * TIME.DAY;
  const slot = Math.floor(inDay / SLOT_MS);
  const slots = profile.driveSlots(day);
  const slotKm = profile.kmPerDay / slots.length;
  // The speed that covers a slot's km in the slot.
  const slotSpeed = slotKm / (SLOT_MS / TIME.HOUR);
  let drivenToday = 0;
  let driving = false;
  for (const s of slots) {
    if (s < slot) drivenToday += slotKm;
    else if (s === slot) {
      driving = true;
      drivenToday += slotKm * ((inDay - s * SLOT_MS) / SLOT_MS);
    }
  }
  const odometer = profile.baseKm + day * profile.kmPerDay + drivenToday;
  const low = FULL_SOC - profile.kmPerDay / kmPerSocOf(profile);
  let soc = FULL_SOC - drivenToday / kmPerSocOf(profile);
  let charging = false;
  if (slot >= CHARGE_FROM_SLOT) {
    const into = Math.min(1, (inDay - CHARGE_FROM_SLOT * SLOT_MS) / (CHARGE_SLOTS * SLOT_MS));
    charging = into < 1;
    soc = low + (FULL_SOC - low) * into;
  }
  const speed = driving ? slotSpeed : 0;
  return {
    speed,
    odometer,
    soc,
    range: soc * RANGE_KM_PER_SOC,
    stateCode: driving ? PROFILE_STATE.drive : charging ? PROFILE_STATE.acCharge : PROFILE_STATE.standBy,
    driving,
    charging,
  };
}

/** Keys the profile answers (EV template keys, and a BMS's state of charge). */
export const PROFILE_KEYS = new Set(['speed', 'odometer', 'soc', 'range', 'stateCode']);

/** A VCU's enumerated keys while the vehicle drives and while it stands (gear 0 = park). */
export function vcuEnumAt(profile: DriveProfile, key: 'gear' | 'driveMode', t: number, seed: number, id: string) {
  const at = profileAt(profile, t);
  const r = createRng(seed ^ hashString(id), `vcu:${key}`);
  const slot = Math.floor(t / SLOT_MS);
  if (key === 'gear') return at.driving ? 1 + r.int(slot, 0, 0, 2) : 0;
  return r.int(Math.floor(slot / 4), 1, 0, 2);
}
