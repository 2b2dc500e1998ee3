import { createRng, hashString } from './prng';

/**
 * The working life of a demo vehicle, from which its telemetry history, its list row, the live simulator and the
 * dashboard's activity, charging and CO2 panels are derived (issue 18 items 2-3, decision 0103, issue 37 item 7).
 *
 * A believable commercial fleet in the demo region (India, UTC+05:30): each vehicle works one shift a day, six days a
 * week (its weekly day off is its own, so the fleet works every day):
 * - 70 % a day shift starting 07:00-10:00 local for 9-11 h, 20 % an evening shift starting 13:00-16:00 for 8-10 h,
 *   10 % a night shift starting 21:00-23:00 for 8-9 h;
 * - in its shift it loads for the first half hour, drives in most half-hour slots (its duty, 65-85 %), takes an hour's
 *   break mid-shift (where some top up their pack), and charges back to full after the shift; it stands otherwise;
 * - it drives the same km on every working day (70-150 km at city speeds), so the odometer is a product, not a sum:
 *   the km it left the factory with plus that distance on every working day since it entered service (its `createdAt`).
 *
 * Everything follows from that one plan, so the odometer only rises (by speed x time), the state of charge falls only
 * while driving and rises only while charging, the range follows the state of charge, and the state code is one of the
 * listed codes. A value depends only on (seed, vehicle, in-service time, time): two ranges that overlap agree.
 */

// The vehicle seeder imports this module; it keeps its own time constants.
const TIME = { HOUR: 3_600_000, DAY: 86_400_000 } as const;
export const SLOT_MS = 30 * 60_000;
const SLOTS_PER_DAY = 48;
/** Day numbers count from here (a Monday); any instant before the oldest vehicle will do. */
const EPOCH = Date.UTC(2020, 0, 6);
/** The demo region's clock: UTC+05:30, in half-hour slots. */
const LOCAL_OFFSET_SLOTS = 11;
/** State of charge after a full charge, and the least a working day leaves. */
export const FULL_SOC = 92;
const MIN_SOC = 8;
/** Charge per half hour at the depot (20 % an hour, a 3-4 kWh pack on its ~0.7 kW charger). */
const CHARGE_PER_SLOT = 10;
/** The highest average speed of a driving slot (km/h): city traffic. */
const MAX_SLOT_SPEED = 45;
/** Range per % of charge (a 2.2 km/% pack: 200 km when full). */
export const RANGE_KM_PER_SOC = 2.2;

/** Vehicle state codes (spec §3) the profile uses: StandBy, Drive, AC Charge. */
export const PROFILE_STATE = { standBy: 0, drive: 66, acCharge: 81 } as const;

export type ShiftKind = 'day' | 'evening' | 'night';

/** The shifts of the fleet: share, first start (local time, in half-hour slots), starts spread, length in slots. */
export const SHIFTS: Record<ShiftKind, { share: number; startSlot: number; spread: number; slots: [number, number] }> =
  {
    day: { share: 0.7, startSlot: 14, spread: 7, slots: [18, 22] },
    evening: { share: 0.2, startSlot: 26, spread: 7, slots: [16, 20] },
    night: { share: 0.1, startSlot: 42, spread: 5, slots: [16, 18] },
  };

/** What a half-hour slot of a vehicle's day holds. */
export const SLOT_KIND = { stand: 0, drive: 1, charge: 2 } as const;

/** One day of a vehicle, from the start of its shift: what each slot holds, km and charge at each slot's start. */
export interface DayPlan {
  working: boolean;
  kinds: Uint8Array;
  /** km driven in the day before slot i (49 entries: the last is the day's total). */
  kmBefore: Float64Array;
  /** State of charge at the start of slot i (49 entries). */
  socAt: Float64Array;
  /** km per driving slot. */
  slotKm: number;
}

export interface DriveProfile {
  vehicleId: string;
  shift: ShiftKind;
  /** The UTC half-hour slot (0-47) its shift starts in: its day starts there. */
  startSlot: number;
  /** Slots of its shift. */
  shiftSlots: number;
  /** Its weekly day off: the days `d` with (d - restDay) mod 7 = 0. */
  restDay: number;
  /** Share of the shift's free slots it drives in. */
  duty: number;
  /** Whether it charges during its mid-shift break. */
  topUp: boolean;
  /** km driven on every working day (the same each day, so the odometer at a time needs no sum over the days). */
  kmPerDay: number;
  /** Odometer when it entered service (delivery km). */
  deliveryKm: number;
  /** Its first working day (day number): the first shift after it entered service. */
  firstDay: number;
  /** % of charge per km. */
  socPerKm: number;
  /** Energy per km driven (kWh), what the charger puts back too. */
  kwhPerKm: number;
  /** The plan of day `day`. */
  day: (day: number) => DayPlan;
}

/** The vehicle a profile is of: its id and when it entered service. */
export interface ProfileVehicle {
  id: string;
  createdAt: number;
}

const mod = (n: number, m: number) => ((n % m) + m) % m;

export function driveProfileOf(seed: number, vehicle: ProfileVehicle): DriveProfile {
  const vehicleId = vehicle.id;
  const r = createRng(seed ^ hashString(vehicleId), 'drive-profile');
  const roll = r.float(0, 0);
  const shift: ShiftKind =
    roll < SHIFTS.day.share ? 'day' : roll < SHIFTS.day.share + SHIFTS.evening.share ? 'evening' : 'night';
  const s = SHIFTS[shift];
  const startSlot = mod(s.startSlot + r.int(0, 1, 0, s.spread - 1) - LOCAL_OFFSET_SLOTS, SLOTS_PER_DAY);
  const shiftSlots = r.int(0, 2, s.slots[0], s.slots[1]);
  const kmPerDay = r.int(0, 3, 70, 150);
  const socPerKm = Math.min(0.55, (FULL_SOC - MIN_SOC) / kmPerDay);
  const startMs = startSlot * SLOT_MS;
  const profile: DriveProfile = {
    vehicleId,
    shift,
    startSlot,
    shiftSlots,
    restDay: r.int(0, 4, 0, 6),
    duty: 0.65 + r.float(0, 5) * 0.2,
    topUp: r.chance(0, 6, 0.4),
    kmPerDay,
    deliveryKm: r.int(0, 7, 3, 60),
    firstDay: Math.ceil((vehicle.createdAt - EPOCH - startMs) / TIME.DAY),
    socPerKm,
    // 28-45 Wh a km: what the charger puts back for each % is the pack's kWh per %.
    kwhPerKm: Math.round((0.028 + r.float(0, 8) * 0.017) * 1000) / 1000,
    day: () => IDLE_DAY,
  };
  const cache = new Map<number, DayPlan>();
  profile.day = (day) => {
    if (!isWorkingDay(profile, day)) return IDLE_DAY;
    let plan = cache.get(day);
    if (!plan) {
      plan = planDay(profile, createRng(seed ^ hashString(vehicleId), `drive-day:${day}`));
      cache.set(day, plan);
    }
    return plan;
  };
  return profile;
}

/** A day off, or a day before the vehicle entered service: it stands, charged. */
const IDLE_DAY: DayPlan = {
  working: false,
  kinds: new Uint8Array(SLOTS_PER_DAY),
  kmBefore: new Float64Array(SLOTS_PER_DAY + 1),
  socAt: new Float64Array(SLOTS_PER_DAY + 1).fill(FULL_SOC),
  slotKm: 0,
};

export function isWorkingDay(profile: DriveProfile, day: number): boolean {
  return day >= profile.firstDay && mod(day - profile.restDay, 7) !== 0;
}

/** Working days in [from, to) (day numbers). */
export function workingDaysBetween(profile: DriveProfile, from: number, to: number): number {
  const a = Math.max(from, profile.firstDay);
  if (to <= a) return 0;
  // Days off in [a, to): the d with d = restDay (mod 7).
  const off = Math.floor((to - 1 - profile.restDay) / 7) - Math.floor((a - 1 - profile.restDay) / 7);
  return to - a - off;
}

function planDay(profile: DriveProfile, r: ReturnType<typeof createRng>): DayPlan {
  const kinds = new Uint8Array(SLOTS_PER_DAY);
  const L = profile.shiftSlots;
  const lunch = Math.floor(L / 2) - 1 + r.int(0, 0, 0, 2);
  const free: number[] = [];
  // Slot 0 loads at the depot; the hour's break stands or tops up.
  for (let s = 1; s < L; s += 1) {
    if (s === lunch || s === lunch + 1) kinds[s] = profile.topUp ? SLOT_KIND.charge : SLOT_KIND.stand;
    else free.push(s);
  }
  const least = Math.ceil(profile.kmPerDay / (MAX_SLOT_SPEED * (SLOT_MS / TIME.HOUR)));
  let driving = 0;
  free.forEach((s, i) => {
    if (r.chance(i, 1, profile.duty)) {
      kinds[s] = SLOT_KIND.drive;
      driving += 1;
    }
  });
  // Too few slots for the day's km at city speeds: drive in the first free ones too.
  for (const s of free) {
    if (driving >= least) break;
    if (kinds[s] !== SLOT_KIND.drive) {
      kinds[s] = SLOT_KIND.drive;
      driving += 1;
    }
  }
  const slotKm = profile.kmPerDay / driving;
  const kmBefore = new Float64Array(SLOTS_PER_DAY + 1);
  const socAt = new Float64Array(SLOTS_PER_DAY + 1);
  socAt[0] = FULL_SOC;
  for (let s = 0; s < SLOTS_PER_DAY; s += 1) {
    // After the shift it charges until full, then stands.
    if (s >= L && socAt[s]! < FULL_SOC) kinds[s] = SLOT_KIND.charge;
    const kind = kinds[s];
    kmBefore[s + 1] = kmBefore[s]! + (kind === SLOT_KIND.drive ? slotKm : 0);
    socAt[s + 1] =
      kind === SLOT_KIND.drive
        ? socAt[s]! - slotKm * profile.socPerKm
        : kind === SLOT_KIND.charge
          ? Math.min(FULL_SOC, socAt[s]! + CHARGE_PER_SLOT)
          : socAt[s]!;
  }
  return { working: true, kinds, kmBefore, socAt, slotKm };
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

/** Where `t` falls in the vehicle's days: the day number, the slot and the share of the slot gone. */
export function dayAt(profile: DriveProfile, t: number): { day: number; slot: number; frac: number; dayStart: number } {
  const since = t - EPOCH - profile.startSlot * SLOT_MS;
  const day = Math.floor(since / TIME.DAY);
  const inDay = since - day * TIME.DAY;
  const slot = Math.min(SLOTS_PER_DAY - 1, Math.floor(inDay / SLOT_MS));
  return { day, slot, frac: (inDay - slot * SLOT_MS) / SLOT_MS, dayStart: t - inDay };
}

/** The odometer at the start of day `day`. */
function odometerAtDay(profile: DriveProfile, day: number): number {
  return profile.deliveryKm + profile.kmPerDay * workingDaysBetween(profile, profile.firstDay, day);
}

/** The vehicle at time `t` according to its profile. */
export function profileAt(profile: DriveProfile, t: number): ProfileSample {
  const { day, slot, frac } = dayAt(profile, t);
  const plan = profile.day(day);
  const kind = plan.kinds[slot];
  const driving = kind === SLOT_KIND.drive;
  const odometer = odometerAtDay(profile, day) + plan.kmBefore[slot]! + (driving ? plan.slotKm * frac : 0);
  let soc = plan.socAt[slot]!;
  let charging = false;
  if (driving) soc -= plan.slotKm * frac * profile.socPerKm;
  else if (kind === SLOT_KIND.charge) {
    const gained = CHARGE_PER_SLOT * frac;
    charging = soc + gained < FULL_SOC;
    soc = Math.min(FULL_SOC, soc + gained);
  }
  return {
    speed: driving ? plan.slotKm / (SLOT_MS / TIME.HOUR) : 0,
    odometer,
    soc,
    range: soc * RANGE_KM_PER_SOC,
    stateCode: driving ? PROFILE_STATE.drive : charging ? PROFILE_STATE.acCharge : PROFILE_STATE.standBy,
    driving,
    charging,
  };
}

/** What a vehicle did over [from, to) according to its profile, per UTC day. */
export interface ProfileDay {
  /** The UTC day, as `YYYY-MM-DD`. */
  date: string;
  drivingHours: number;
  distanceKm: number;
  /** Energy the driving took (kWh). */
  energyKwh: number;
  /** Trips started: runs of driving slots. */
  trips: number;
  /** Charging sessions started: runs of charging slots that raise the charge. */
  chargeSessions: number;
  /** Energy put back into the pack (kWh). */
  chargedKwh: number;
  /** State of charge the driving took (percentage points). */
  socUsedPct: number;
  /** Sum of the state of charge at the start of each charging session counted (plug-in). */
  plugInSocSum: number;
  /** Sum of the state of charge at the end of each charging session counted (unplug; at `to` when it runs on). */
  unplugSocSum: number;
}

/**
 * The vehicle's driving and charging over [from, to), by UTC day (slots are half hours on the half hour, so none
 * straddles a UTC midnight; a slot counts for the part of it inside the range). The dashboard's activity, charging
 * and CO2 panels sum these, so they agree with the history, the list and the live map.
 */
export function profileActivity(profile: DriveProfile, from: number, to: number): Map<string, ProfileDay> {
  const out = new Map<string, ProfileDay>();
  if (to <= from) return out;
  const kwhPerSoc = kwhPerSocOf(profile);
  // The UTC date of a slot, formatted once per UTC day (a profile day spans two).
  let dateDay = Number.NaN;
  let dateText = '';
  const dateOf = (ms: number) => {
    const n = Math.floor(ms / TIME.DAY);
    if (n !== dateDay) {
      dateDay = n;
      dateText = new Date(n * TIME.DAY).toISOString().slice(0, 10);
    }
    return dateText;
  };
  const first = dayAt(profile, from);
  for (let day = first.day, dayStart = first.dayStart; dayStart < to; day += 1, dayStart += TIME.DAY) {
    const plan = profile.day(day);
    if (!plan.working) continue;
    for (let s = 0; s < SLOTS_PER_DAY; s += 1) {
      const kind = plan.kinds[s];
      if (kind === SLOT_KIND.stand) continue;
      const start = dayStart + s * SLOT_MS;
      const a = Math.max(from, start);
      const b = Math.min(to, start + SLOT_MS);
      if (b <= a) continue;
      const share = (b - a) / SLOT_MS;
      const date = dateOf(start);
      let row = out.get(date);
      if (!row) {
        row = {
          date,
          drivingHours: 0,
          distanceKm: 0,
          energyKwh: 0,
          trips: 0,
          chargeSessions: 0,
          chargedKwh: 0,
          socUsedPct: 0,
          plugInSocSum: 0,
          unplugSocSum: 0,
        };
        out.set(date, row);
      }
      // A run starts in this slot when the slot before holds something else (the day before ends standing).
      const starts = start >= from && (s === 0 || plan.kinds[s - 1] !== kind);
      if (kind === SLOT_KIND.drive) {
        row.drivingHours += share * (SLOT_MS / TIME.HOUR);
        row.distanceKm += share * plan.slotKm;
        row.energyKwh += share * plan.slotKm * profile.kwhPerKm;
        row.socUsedPct += share * plan.slotKm * profile.socPerKm;
        if (starts) row.trips += 1;
      } else {
        // The charge rises by CHARGE_PER_SLOT a slot until full: what it gained between the range's ends in the slot.
        const socAtFrac = (f: number) => Math.min(FULL_SOC, plan.socAt[s]! + CHARGE_PER_SLOT * f);
        const gain = socAtFrac((b - start) / SLOT_MS) - socAtFrac((a - start) / SLOT_MS);
        row.chargedKwh += gain * kwhPerSoc;
        if (starts && plan.socAt[s + 1]! > plan.socAt[s]!) {
          row.chargeSessions += 1;
          // Plugged in at the charge the run starts with; unplugged where the run ends (or at `to`).
          let e = s;
          while (e < SLOTS_PER_DAY && plan.kinds[e] === SLOT_KIND.charge) e += 1;
          row.plugInSocSum += plan.socAt[s]!;
          row.unplugSocSum += profileAt(profile, Math.min(to, dayStart + e * SLOT_MS)).soc;
        }
      }
    }
  }
  return out;
}

/** One run of driving slots: a trip. */
export interface DriveRun {
  startedAt: number;
  /** When it ends, or `to` when it runs on past it. */
  endedAt: number;
  /** Whether it runs on past `to`. */
  running: boolean;
  /** km driven in it (up to `to`). */
  km: number;
}

/** The runs of driving that start in [from, to), oldest first (a run still going at `to` is cut there). */
export function driveRuns(profile: DriveProfile, from: number, to: number): DriveRun[] {
  const out: DriveRun[] = [];
  if (to <= from) return out;
  const first = dayAt(profile, from);
  for (let day = first.day, dayStart = first.dayStart; dayStart < to; day += 1, dayStart += TIME.DAY) {
    const plan = profile.day(day);
    if (!plan.working) continue;
    for (let s = 0; s < SLOTS_PER_DAY; s += 1) {
      if (plan.kinds[s] !== SLOT_KIND.drive || (s > 0 && plan.kinds[s - 1] === SLOT_KIND.drive)) continue;
      let e = s;
      while (e < SLOTS_PER_DAY && plan.kinds[e] === SLOT_KIND.drive) e += 1;
      const startedAt = dayStart + s * SLOT_MS;
      if (startedAt < from || startedAt >= to) continue;
      const end = dayStart + e * SLOT_MS;
      const endedAt = Math.min(end, to);
      out.push({ startedAt, endedAt, running: end > to, km: ((endedAt - startedAt) / SLOT_MS) * plan.slotKm });
    }
  }
  return out;
}

/** One battery cycle: the pack's discharge from the end of one charge (or the shift's start) to the next charge. */
export interface PackCycle {
  startedAt: number;
  /** When the next charge starts, or `to` when the cycle runs on past it. */
  endedAt: number;
  running: boolean;
  startSoc: number;
  endSoc: number;
}

/** The cycles of one working day, from its start: one before the break's top-up, one after; or one for the day. */
function cyclesOfDay(profile: DriveProfile, plan: DayPlan, dayStart: number): PackCycle[] {
  const out: PackCycle[] = [];
  let from = 0;
  for (let s = 0; s < SLOTS_PER_DAY; s += 1) {
    if (plan.kinds[s] !== SLOT_KIND.charge || (s > 0 && plan.kinds[s - 1] === SLOT_KIND.charge)) continue;
    out.push({
      startedAt: dayStart + from * SLOT_MS,
      endedAt: dayStart + s * SLOT_MS,
      running: false,
      startSoc: plan.socAt[from]!,
      endSoc: plan.socAt[s]!,
    });
    let e = s;
    while (e < SLOTS_PER_DAY && plan.kinds[e] === SLOT_KIND.charge) e += 1;
    from = e;
    if (s >= profile.shiftSlots) break;
  }
  return out;
}

/** Cycles a working day holds (the same every working day: the break's top-up adds one). */
const cyclesPerDay = (profile: DriveProfile) => (profile.topUp ? 2 : 1);

/** The battery cycles that start in [from, to), oldest first (one still running at `to` is cut there). */
export function packCycles(profile: DriveProfile, from: number, to: number): PackCycle[] {
  const out: PackCycle[] = [];
  if (to <= from) return out;
  const first = dayAt(profile, from);
  for (let day = first.day, dayStart = first.dayStart; dayStart < to; day += 1, dayStart += TIME.DAY) {
    const plan = profile.day(day);
    if (!plan.working) continue;
    for (const c of cyclesOfDay(profile, plan, dayStart)) {
      if (c.startedAt < from || c.startedAt >= to) continue;
      if (c.endedAt > to) out.push({ ...c, endedAt: to, running: true, endSoc: profileAt(profile, to).soc });
      else out.push(c);
    }
  }
  return out;
}

/** How many battery cycles the vehicle's pack has started by `t` since it entered service. */
export function packCyclesBy(profile: DriveProfile, t: number): number {
  const { day, dayStart } = dayAt(profile, t);
  const before = workingDaysBetween(profile, profile.firstDay, day) * cyclesPerDay(profile);
  const plan = profile.day(day);
  if (!plan.working) return before;
  return before + cyclesOfDay(profile, plan, dayStart).filter((c) => c.startedAt <= t).length;
}

/** kWh per % of charge: what the chargers put back for each % the driving took. */
export const kwhPerSocOf = (profile: DriveProfile) => profile.kwhPerKm / profile.socPerKm;

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
