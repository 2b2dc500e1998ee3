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
 * to that entry (and appends the new path when it is deeper); a page whose title is already in the trail (routes that
 * share a title, e.g. the fleet and OEM vehicle lists) cuts back to that entry and takes its place; any other path is
 * appended.
 */
export function nextBreadcrumbs(history: readonly Breadcrumb[], entry: Breadcrumb): Breadcrumb[] {
  if ((BREADCRUMB_RESET_ROOTS as readonly string[]).includes(entry.path)) return [];
  const earlier = history.findIndex((crumb) => isAtOrBelow(entry.path, crumb.path) || crumb.title === entry.title);
  if (earlier !== -1) {
    const kept = history.slice(0, earlier + 1);
    const anchor = kept[earlier] as Breadcrumb;
    if (anchor.path === entry.path || anchor.title === entry.title) return [...kept.slice(0, earlier), entry];
    return [...kept, entry].slice(-BREADCRUMB_MAX_LENGTH);
  }
  return [...history, entry].slice(-BREADCRUMB_MAX_LENGTH);
}

/** Crumbs shown in full before the middle of a longer trail collapses into a menu (first and last ones stay). */
export const BREADCRUMB_VISIBLE = 3;

/**
 * Splits a trail for display: up to `BREADCRUMB_VISIBLE` crumbs as they are; a longer one keeps its first crumb and
 * its last two, and the ones between go into a menu, so the trail never wraps.
 */
export function collapseBreadcrumbs<T>(trail: readonly T[]): { head: T[]; hidden: T[]; tail: T[] } {
  if (trail.length <= BREADCRUMB_VISIBLE) return { head: [...trail], hidden: [], tail: [] };
  return { head: trail.slice(0, 1), hidden: trail.slice(1, -2), tail: trail.slice(-2) };
}
