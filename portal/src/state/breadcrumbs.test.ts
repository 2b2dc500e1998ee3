import { describe, expect, test } from 'vitest';
import {
  BREADCRUMB_MAX_LENGTH,
  BREADCRUMB_RESET_ROOTS,
  type Breadcrumb,
  collapseBreadcrumbs,
  nextBreadcrumbs,
} from './breadcrumbs';

const crumb = (path: string, title = path): Breadcrumb => ({ path, title });
const walk = (...paths: string[]) => paths.reduce<Breadcrumb[]>((trail, p) => nextBreadcrumbs(trail, crumb(p)), []);
const pathsOf = (trail: Breadcrumb[]) => trail.map((c) => c.path);

describe('breadcrumbs', () => {
  test('append pages that are not below an earlier entry', () => {
    expect(pathsOf(walk('/vehicle-management', '/vehicle/7'))).toEqual(['/vehicle-management', '/vehicle/7']);
  });

  test('reset at each of the seven dashboard paths, so the trail starts after the dashboard', () => {
    expect(BREADCRUMB_RESET_ROOTS).toHaveLength(7);
    for (const root of BREADCRUMB_RESET_ROOTS) {
      expect(walk('/vehicle-management', '/vehicle/7', root)).toEqual([]);
      expect(pathsOf(walk('/audit', root, '/settings'))).toEqual(['/settings']);
    }
  });

  test('do not reset at the dealer dashboard, which is not one of the seven', () => {
    expect(pathsOf(walk('/audit', '/dealer/dashboard'))).toEqual(['/audit', '/dealer/dashboard']);
  });

  test('cut back to an earlier entry when the new path begins with its path', () => {
    expect(pathsOf(walk('/geo-fencing', '/audit', '/geo-fencing/write'))).toEqual([
      '/geo-fencing',
      '/geo-fencing/write',
    ]);
  });

  test('cut back to the earlier entry itself when it is visited again', () => {
    const trail = walk('/vehicle-management', '/vehicle/7', '/fault-details/3', '/vehicle-management');
    expect(pathsOf(trail)).toEqual(['/vehicle-management']);
  });

  test('compare whole path segments, so /vehicle-management is not below /vehicle', () => {
    expect(pathsOf(walk('/vehicle', '/vehicle-management'))).toEqual(['/vehicle', '/vehicle-management']);
  });

  test('take the new title when a page is visited again', () => {
    const trail = nextBreadcrumbs([crumb('/audit', 'Old')], crumb('/audit', 'Audit Log'));
    expect(trail).toEqual([{ path: '/audit', title: 'Audit Log' }]);
  });

  test(`keep at most ${BREADCRUMB_MAX_LENGTH} entries, dropping the oldest`, () => {
    const paths = Array.from({ length: 12 }, (_, i) => `/page-${i}`);
    const trail = walk(...paths);
    expect(trail).toHaveLength(BREADCRUMB_MAX_LENGTH);
    expect(trail.at(-1)?.path).toBe('/page-11');
  });

  test("count routes that share a title as one entry: the later one takes the earlier one's place", () => {
    const trail = [
      crumb('/audit', 'Audit Log'),
      crumb('/vehicle-management', 'Vehicle Management'),
      crumb('/help', 'Help & Support'),
    ];
    const next = nextBreadcrumbs(trail, crumb('/fleet/vehicle-management', 'Vehicle Management'));
    expect(next).toEqual([crumb('/audit', 'Audit Log'), crumb('/fleet/vehicle-management', 'Vehicle Management')]);
    const walked = [
      crumb('/help', 'Help & Support'),
      crumb('/audit', 'Audit Log'),
      crumb('/help?tab=2', 'Help & Support'),
    ].reduce<Breadcrumb[]>((t, c) => nextBreadcrumbs(t, c), []);
    expect(walked).toEqual([crumb('/help?tab=2', 'Help & Support')]);
  });

  test('collapse the middle of a long trail, keeping the first crumb and the last two', () => {
    expect(collapseBreadcrumbs([1, 2, 3])).toEqual({ head: [1, 2, 3], hidden: [], tail: [] });
    expect(collapseBreadcrumbs([1, 2, 3, 4, 5, 6])).toEqual({ head: [1], hidden: [2, 3, 4], tail: [5, 6] });
  });
});
