/** What the live map needs of one vehicle; the page builds these from the store or live batches. */
export interface LiveMapVehicle {
  lat: number;
  lon: number;
  heading?: number;
  stateCode: number | string;
  soc: number;
  speed: number;
  /** Time of the reading, ms since epoch. */
  ts: number;
}

export type LiveMapVehicles = ReadonlyMap<string, LiveMapVehicle>;

/** How long a marker takes to glide to its new position. */
export const MOTION_MS = 1000;

interface Track {
  vehicle: LiveMapVehicle;
  fromLon: number;
  fromLat: number;
  start: number;
}

const easeOut = (t: number): number => 1 - (1 - t) ** 2;

/**
 * Interpolates vehicle markers between readings: each new position starts from where the marker is drawn now and
 * glides there over {@link MOTION_MS}. Framework-free so it can be tested with plain numbers for time.
 */
export class VehicleMotion {
  private tracks = new Map<string, Track>();
  private animatingUntil = 0;

  /** Takes the latest vehicles; returns whether anything changed. Unchanged objects are skipped cheaply. */
  update(vehicles: LiveMapVehicles, now: number): boolean {
    let changed = false;
    for (const [id, vehicle] of vehicles) {
      const track = this.tracks.get(id);
      if (!track) {
        // A vehicle seen for the first time appears in place: gliding in from nowhere would mislead.
        this.tracks.set(id, { vehicle, fromLon: vehicle.lon, fromLat: vehicle.lat, start: now - MOTION_MS });
        changed = true;
        continue;
      }
      if (track.vehicle === vehicle) continue;
      const moved = track.vehicle.lat !== vehicle.lat || track.vehicle.lon !== vehicle.lon;
      const [lon, lat] = this.positionOf(track, now);
      track.vehicle = vehicle;
      changed = true;
      if (moved) {
        track.fromLon = lon;
        track.fromLat = lat;
        track.start = now;
        this.animatingUntil = Math.max(this.animatingUntil, now + MOTION_MS);
      }
    }
    if (this.tracks.size > vehicles.size) {
      for (const id of this.tracks.keys()) {
        if (!vehicles.has(id)) {
          this.tracks.delete(id);
          changed = true;
        }
      }
    }
    return changed;
  }

  /** How many vehicles are on the map. */
  get size(): number {
    return this.tracks.size;
  }

  /** Whether markers are still gliding at `now` (the caller keeps drawing frames while this holds). */
  isAnimating(now: number): boolean {
    return now < this.animatingUntil;
  }

  /** The drawn position of a vehicle at `now`, as [lon, lat]. */
  positionAt(id: string, now: number): [number, number] | null {
    const track = this.tracks.get(id);
    return track ? this.positionOf(track, now) : null;
  }

  /** The latest reading of a vehicle. */
  vehicle(id: string): LiveMapVehicle | undefined {
    return this.tracks.get(id)?.vehicle;
  }

  /**
   * Visits every marker with its drawn position at `now` (and its state code), without allocating per vehicle: the
   * map clusters 10,000 of them on every redraw.
   */
  forEachPosition(now: number, visit: (id: string, lon: number, lat: number, stateCode: unknown) => void): void {
    // forEach, not for-of: no [key, value] array per vehicle.
    this.tracks.forEach((track, id) => {
      const { vehicle } = track;
      const t = (now - track.start) / MOTION_MS;
      if (!(t < 1)) {
        visit(id, vehicle.lon, vehicle.lat, vehicle.stateCode);
        return;
      }
      const k = easeOut(Math.max(0, t));
      visit(
        id,
        track.fromLon + (vehicle.lon - track.fromLon) * k,
        track.fromLat + (vehicle.lat - track.fromLat) * k,
        vehicle.stateCode,
      );
    });
  }

  private positionOf(track: Track, now: number): [number, number] {
    const t = Math.min(1, Math.max(0, (now - track.start) / MOTION_MS));
    if (t >= 1) return [track.vehicle.lon, track.vehicle.lat];
    const k = easeOut(t);
    return [
      track.fromLon + (track.vehicle.lon - track.fromLon) * k,
      track.fromLat + (track.vehicle.lat - track.fromLat) * k,
    ];
  }
}
