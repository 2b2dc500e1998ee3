// The guard and the side navigation (domain/route-access.ts) against every row of the route table.
import { describe, expect, test } from 'vitest';
import { can, defaultPermissionsFor } from '@/domain/permissions';
import { dashboardPathFor, ROLE_CODES } from '@/domain/roles';
import { canOpen, guardRoute, navSectionsFor } from '@/domain/route-access';
import { ROUTES, routeById } from './paths';

const viewerFor = (role: (typeof ROLE_CODES)[number]) => ({
  isAuthenticated: true,
  role,
  permissions: defaultPermissionsFor(role),
});

describe('the guard, for every role against every route', () => {
  for (const role of ROLE_CODES) {
    test(`${role}: opens exactly the routes its default permissions allow`, () => {
      const permissions = defaultPermissionsFor(role);
      for (const route of ROUTES) {
        const expected = route.public
          ? 'allow'
          : route.permission === null || can(permissions, route.permission, route.action)
            ? 'allow'
            : 'forbidden';
        expect(guardRoute(route, viewerFor(role)), `${role} -> ${route.path}`).toBe(expected);
      }
    });
  }

  test('sends a visitor without a session to login from every non-public route', () => {
    const visitor = { isAuthenticated: false, role: null, permissions: {} };
    for (const route of ROUTES) {
      expect(guardRoute(route, visitor), route.path).toBe(route.public ? 'allow' : 'login');
    }
  });

  test('lets every role open its own dashboard and profile', () => {
    for (const role of ROLE_CODES) {
      const dashboard = ROUTES.find((r) => r.path === dashboardPathFor(role))!;
      expect(guardRoute(dashboard, viewerFor(role)), role).toBe('allow');
      expect(guardRoute(routeById('profile'), viewerFor(role)), role).toBe('allow');
    }
  });

  test('forbids user management to drivers and EV owners and allows it to the Super Admin', () => {
    const users = routeById('user-management');
    expect(guardRoute(users, viewerFor('DR'))).toBe('forbidden');
    expect(guardRoute(users, viewerFor('EVO'))).toBe('forbidden');
    expect(guardRoute(users, viewerFor('SA'))).toBe('allow');
  });

  test('opens fault details with any one of the three fault keys', () => {
    const faults = routeById('fault-details');
    expect(guardRoute(faults, { isAuthenticated: true, role: 'BMSE', permissions: { 'BMS.l.d.f': 1 } })).toBe('allow');
    expect(guardRoute(faults, { isAuthenticated: true, role: 'MCUE', permissions: { 'MCU.l.d.f': 1 } })).toBe('allow');
    expect(guardRoute(faults, { isAuthenticated: true, role: 'BMSE', permissions: { 'BMS.l.d': 1 } })).toBe(
      'forbidden',
    );
  });

  test('needs the Add action for the editors, not only read access', () => {
    const writeRole = routeById('write-role');
    expect(guardRoute(writeRole, { isAuthenticated: true, role: 'SE', permissions: { 'su.RP': 1 } })).toBe('forbidden');
    expect(guardRoute(writeRole, { isAuthenticated: true, role: 'SA', permissions: { 'su.RP': 3 } })).toBe('allow');
  });

  test('editing an existing item (`?id=`) needs Update, creating one needs Add, on each write route', () => {
    const editing = new URLSearchParams('id=item-1');
    const creating = new URLSearchParams('');
    for (const [id, key] of [
      ['write-role', 'su.RP'],
      ['write-group', 'su.DG'],
      ['geo-fencing-write', 'gr'],
    ] as const) {
      const route = routeById(id);
      const viewer = (bits: number) => ({ isAuthenticated: true, role: 'SA' as const, permissions: { [key]: bits } });
      // Read + Update, no Add: may edit, may not create.
      expect(guardRoute(route, viewer(1 | 4), editing), `${id} edit with Update`).toBe('allow');
      expect(guardRoute(route, viewer(1 | 4), creating), `${id} create with Update`).toBe('forbidden');
      expect(guardRoute(route, viewer(1 | 4)), `${id} without a query`).toBe('forbidden');
      // Read + Add, no Update: may create, may not edit.
      expect(guardRoute(route, viewer(1 | 2), creating), `${id} create with Add`).toBe('allow');
      expect(guardRoute(route, viewer(1 | 2), editing), `${id} edit with Add`).toBe('forbidden');
    }
  });
});

describe('the side navigation', () => {
  test('lists only routes the guard lets the user open', () => {
    for (const role of ROLE_CODES) {
      const permissions = defaultPermissionsFor(role);
      for (const section of navSectionsFor(ROUTES, role, permissions)) {
        for (const route of section.routes) expect(canOpen(route, permissions), `${role} -> ${route.path}`).toBe(true);
      }
    }
  });

  test('shows each role exactly one dashboard entry, pointing at its own dashboard', () => {
    for (const role of ROLE_CODES) {
      const entries = navSectionsFor(ROUTES, role, defaultPermissionsFor(role))
        .flatMap((s) => s.routes)
        .filter((r) => r.title === 'Dashboard');
      expect(
        entries.map((r) => r.path),
        role,
      ).toEqual([dashboardPathFor(role)]);
    }
  });

  test('shows no link twice under the same label', () => {
    for (const role of ROLE_CODES) {
      const labels = navSectionsFor(ROUTES, role, defaultPermissionsFor(role))
        .flatMap((s) => s.routes)
        .map((r) => r.nav?.label ?? r.title);
      expect(new Set(labels).size, role).toBe(labels.length);
    }
  });

  test('gives a fleet admin the fleet variant of vehicle management and no service-centre areas', () => {
    const paths = navSectionsFor(ROUTES, 'FA', defaultPermissionsFor('FA')).flatMap((s) => s.routes.map((r) => r.path));
    expect(paths).toContain('/fleet/vehicle-management');
    expect(paths).not.toContain('/vehicle-management');
    expect(paths).toContain('/fleet/driver-management');
    expect(paths).not.toContain('/dealer-management');
  });

  test('is empty without a signed-in role', () => {
    expect(navSectionsFor(ROUTES, null, {})).toEqual([]);
  });
});
