import type { LiveMapVehicle } from './vehicle-motion';
import { STATE_GROUP, type StateGroup, stateGroupOf } from './vehicle-state-style';

export const ALL_STATE_GROUPS: readonly StateGroup[] = Object.values(STATE_GROUP);

/** Vehicles per state group, for the filter's counts. */
export function countByGroup(vehicles: ReadonlyMap<string, LiveMapVehicle>): Record<StateGroup, number> {
  const counts = Object.fromEntries(ALL_STATE_GROUPS.map((g) => [g, 0])) as Record<StateGroup, number>;
  for (const vehicle of vehicles.values()) counts[stateGroupOf(vehicle.stateCode)] += 1;
  return counts;
}

/**
 * The vehicles whose state group is shown. Returns the same map when every group is shown, so the map does not
 * redraw for nothing.
 */
export function filterByGroups(
  vehicles: ReadonlyMap<string, LiveMapVehicle>,
  shown: ReadonlySet<StateGroup>,
): ReadonlyMap<string, LiveMapVehicle> {
  if (shown.size === ALL_STATE_GROUPS.length) return vehicles;
  const next = new Map<string, LiveMapVehicle>();
  for (const [id, vehicle] of vehicles) if (shown.has(stateGroupOf(vehicle.stateCode))) next.set(id, vehicle);
  return next;
}

/** Up to `limit` vehicle ids containing the text (case-insensitive), sorted. */
export function searchVehicleIds(vehicles: ReadonlyMap<string, unknown>, text: string, limit = 20): string[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  const found: string[] = [];
  for (const id of vehicles.keys()) if (id.toLowerCase().includes(needle)) found.push(id);
  return found.sort().slice(0, limit);
}
