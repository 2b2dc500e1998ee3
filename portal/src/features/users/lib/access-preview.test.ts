import { expect, test } from 'vitest';
import { ROUTES } from '@/config/paths';
import { ACTION, type ActionName, can, defaultPermissionsFor, PERMISSION_KEYS } from '@/domain/permissions';
import { guardRoute } from '@/domain/route-access';
import { ROLE_CODES } from '@/domain/roles';
import { USER_MANAGEMENT_TABS } from '@/domain/tab-sets';
import { accessPreview, PREVIEW_ROUTES } from './access-preview';

const ACTION_NAMES = Object.keys(ACTION) as ActionName[];

test('the preview agrees with the router guard and can() for every role, route, key and action', () => {
  let checked = 0;
  for (const role of ROLE_CODES) {
    const permissions = defaultPermissionsFor(role);
    const viewer = { isAuthenticated: true, role, permissions };
    const preview = accessPreview(role, permissions);
    for (const route of PREVIEW_ROUTES) {
      const row = preview.pages.find((p) => p.route.id === route.id);
      expect(row?.allowed, `${role} ${route.path}`).toBe(guardRoute(route, viewer) === 'allow');
      checked += 1;
    }
    for (const key of PERMISSION_KEYS) {
      const allowed = preview.actions.find((a) => a.key === key)?.allowed ?? [];
      for (const name of ACTION_NAMES) {
        expect(allowed.includes(name), `${role} ${key} ${name}`).toBe(can(permissions, key, ACTION[name]));
        checked += 1;
      }
    }
  }
  expect(checked).toBeGreaterThan(ROLE_CODES.length * PERMISSION_KEYS.length * 15);
});

test('the preview lists every guarded route of the table', () => {
  const guarded = ROUTES.filter((r) => !r.public && !r.demoOnly && r.permission !== null);
  expect(guarded.every((r) => PREVIEW_ROUTES.includes(r))).toBe(true);
  expect(PREVIEW_ROUTES.some((r) => r.path === '/403')).toBe(false);
});

test('a revoked key closes its page and tab in the preview', () => {
  const permissions = defaultPermissionsFor('FA');
  const before = accessPreview('FA', permissions);
  expect(before.pages.find((p) => p.route.path === '/user-management')?.allowed).toBe(true);
  const { su: _su, ...without } = permissions;
  const after = accessPreview('FA', without);
  expect(after.pages.find((p) => p.route.path === '/user-management')?.allowed).toBe(false);
  const usersTab = after.tabs.find((t) => t.tab === USER_MANAGEMENT_TABS[0]);
  expect(usersTab?.allowed).toBe(false);
  expect(after.actions.some((a) => a.key === 'su')).toBe(false);
});

test('a key granted without List opens nothing', () => {
  const preview = accessPreview('FE', { ah: ACTION.EXPORT });
  expect(preview.pages.find((p) => p.route.path === '/audit')?.allowed).toBe(false);
  expect(preview.actions).toEqual([{ key: 'ah', label: 'Audit History', allowed: ['EXPORT'] }]);
});
