/** A breadcrumb: a visited path and the title of its route. */
export interface Breadcrumb {
  path: string;
  title: string;
}

/** Visiting any of these resets the trail so that it starts after the dashboard (spec §2, §9). */
export const BREADCRUMB_RESET_ROOTS = [
  '/dashboard',
  '/bms/dashboard',
  '/mcu/dashboard',
  '/vcu/dashboard',
  '/driver/dashboard',
  '/fleet/dashboard',
  '/ev-owner/dashboard',
] as const;

/** Longest trail kept; older entries fall off the front so the trail cannot grow without bound. */
export const BREADCRUMB_MAX_LENGTH = 8;

/** True when `path` is `base` or lies below it. Segment-aware, so `/vehicle-management` is not below `/vehicle`. */
function isAtOrBelow(path: string, base: string): boolean {
  return path === base || path.startsWith(base.endsWith('/') ? base : `${base}/`);
}

/**
 * The trail after visiting `entry`: a reset root empties it; a path at or below an earlier entry cuts the trail back
 * to that entry (and appends the new path when it is deeper); any other path is appended.
 */
export function nextBreadcrumbs(history: readonly Breadcrumb[], entry: Breadcrumb): Breadcrumb[] {
  if ((BREADCRUMB_RESET_ROOTS as readonly string[]).includes(entry.path)) return [];
  const earlier = history.findIndex((crumb) => isAtOrBelow(entry.path, crumb.path));
  if (earlier !== -1) {
    const kept = history.slice(0, earlier + 1);
    const anchor = kept[earlier] as Breadcrumb;
    if (anchor.path === entry.path) return [...kept.slice(0, earlier), entry];
    return [...kept, entry].slice(-BREADCRUMB_MAX_LENGTH);
  }
  return [...history, entry].slice(-BREADCRUMB_MAX_LENGTH);
}
