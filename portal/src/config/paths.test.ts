import { describe, expect, test } from 'vitest';
import { ACTION, isPermissionKey } from '@/domain/permissions';
import { applicableActions } from '@/domain/role-editor';
import { DASHBOARD_BY_ROLE_TYPE } from '@/domain/roles';
import { pathOf, paths, ROUTES, routeById } from './paths';

/** Every path of spec §2, with `[id]` written as `:id`. */
const SPEC_PATHS = [
  '/dashboard',
  '/dealer/dashboard',
  '/bms/dashboard',
  '/mcu/dashboard',
  '/vcu/dashboard',
  '/driver/dashboard',
  '/ev-owner/dashboard',
  '/fleet/dashboard',
  '/old-dashboard',
  '/vehicle-management',
  '/fleet/vehicle-management',
  '/dealer/vehicle-management',
  '/vehicle/:id',
  '/fleet/vehicle/:id',
  '/old-vehicle/:id',
  '/models/configuration',
  '/model-management/ev',
  '/model-management/bms',
  '/model-management/mcu',
  '/model-management/vcu',
  '/ev-owner-management',
  '/dealer/ev-owner-management',
  '/fleet-management',
  '/dealer/fleet-management',
  '/dealer-management',
  '/access-management',
  '/component-management',
  '/settings',
  '/oem-access',
  '/rule-management',
  '/command-history',
  '/notification-history',
  '/bms/master-management',
  '/bms/details/:id',
  '/bms/battery-pack-history/:id',
  '/mcu/master-management',
  '/mcu/details/:id',
  '/vcu/master-management',
  '/vcu/details/:id',
  '/analysis',
  '/audit',
  '/profile',
  '/carbon-emission',
  '/hardware-log',
  '/dashboard-configuration',
  '/geo-fencing',
  '/geo-fencing/write',
  '/firmware-release',
  '/firmware-update-history',
  '/fleet/driver-management',
  '/tickets',
  '/employee/tickets',
  '/driver/tickets',
  '/ev-owner/tickets',
  '/user-management',
  '/write-role',
  '/write-group',
  '/fault-details/:id',
  '/404',
  '/403',
];

/** The guard keys of the §6 table. */
const SPEC_GUARDS: Record<string, unknown> = {
  '/dashboard': 'db',
  '/vehicle-management': 'vh.l',
  '/vehicle/:id': 'vh.l.d',
  '/tickets': 't',
  '/user-management': 'su',
  '/write-role': 'su.RP',
  '/write-group': 'su.DG',
  '/fleet-management': 'fleet.l',
  '/dealer-management': 'sc.l',
  '/access-management': 'ac.l',
  '/settings': 's',
  '/rule-management': 'rule.l',
  '/command-history': 'cmd',
  '/notification-history': 'rule.h',
  '/bms/master-management': 'BMS.l',
  '/mcu/master-management': 'MCU.l',
  '/vcu/master-management': 'VCU.l',
  '/analysis': 'a',
  '/carbon-emission': 'ce',
  '/audit': 'ah',
  '/profile': 'mp',
  '/geo-fencing': 'gr',
  '/firmware-release': 'FOTA',
  '/firmware-update-history': 'FOTA.h',
  '/hardware-log': 'hl',
  '/dashboard-configuration': 'dc',
  '/fault-details/:id': { anyOf: ['vh.l.d.f', 'BMS.l.d.f', 'MCU.l.d.f'] },
};

describe('the route table', () => {
  test('holds every path of the spec', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const path of SPEC_PATHS) expect(paths, path).toContain(path);
  });

  test('has unique ids and paths, and a title on every route', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    for (const route of ROUTES) expect(route.title.length, route.path).toBeGreaterThan(0);
  });

  test('guards each page with the key of the spec table', () => {
    for (const [path, key] of Object.entries(SPEC_GUARDS)) {
      expect(ROUTES.find((r) => r.path === path)?.permission, path).toEqual(key);
    }
  });

  test('guards every dashboard with db and titles it Dashboard', () => {
    for (const path of Object.values(DASHBOARD_BY_ROLE_TYPE)) {
      const route = ROUTES.find((r) => r.path === path)!;
      expect(route.permission).toBe('db');
      expect(route.title).toBe('Dashboard');
    }
  });

  test('asks only for actions that apply to its keys', () => {
    for (const route of ROUTES) {
      const req = route.permission;
      if (!req) continue;
      for (const key of typeof req === 'string' ? [req] : req.anyOf)
        expect(applicableActions(key) & (route.action ?? ACTION.LIST), `${route.path}`).toBe(
          route.action ?? ACTION.LIST,
        );
    }
  });

  test('uses only known permission keys', () => {
    for (const route of ROUTES) {
      const p = route.permission;
      const keys = p === null ? [] : typeof p === 'string' ? [p] : p.anyOf;
      for (const key of keys) expect(isPermissionKey(key), `${route.path}: ${key}`).toBe(true);
    }
  });

  test('keeps the login page as the only public route and the crash route demo-only', () => {
    expect(ROUTES.filter((r) => r.public).map((r) => r.path)).toEqual(['/login']);
    expect(ROUTES.filter((r) => r.demoOnly).map((r) => r.path)).toEqual(['/__demo/crash']);
  });

  test('fills :id segments into concrete paths', () => {
    expect(pathOf(routeById('vehicle-details'), { id: 'VH 7' })).toBe('/vehicle/VH%207');
    // @ts-expect-error an unknown id fails the type check, and throws at run time
    expect(() => routeById('nope')).toThrow('Unknown route id: nope');
  });

  test('links to a route through its path builder, encoding the id and the query', () => {
    expect(paths.vehicleDetails.href('VH 7')).toBe('/vehicle/VH%207');
    expect(paths.batteryPackHistory.href('BMS-1', { cycle: 'c 2' })).toBe(
      '/bms/battery-pack-history/BMS-1?cycle=c%202',
    );
    expect(paths.modelConfiguration.href({ model: 'M1', step: 3, kind: undefined })).toBe(
      '/models/configuration?model=M1&step=3',
    );
    expect(paths.login.href()).toBe('/login');
    // @ts-expect-error a route with an :id needs it
    paths.vehicleDetails.href();
  });

  test('has a path builder for every route', () => {
    const built = new Set<string>(Object.values(paths).map((p) => p.path));
    for (const route of ROUTES) {
      const path = route.path.startsWith('/model-management/') ? paths.modelManagement.path : route.path;
      expect(built.has(path), route.path).toBe(true);
    }
  });
});
