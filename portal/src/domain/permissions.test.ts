import { describe, expect, test } from 'vitest';
import {
  ACTION,
  ALL_ACTIONS,
  actionsOf,
  can,
  defaultPermissionsFor,
  flagsOf,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
} from './permissions';
import { ASSIGNABLE_ROLES, dashboardPathFor, ROLE_CODES } from './roles';

describe('action bit flags', () => {
  test('are the fifteen flags of the spec, from 1 to 16384', () => {
    expect(Object.values(ACTION)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384]);
    expect(ALL_ACTIONS).toBe(32767);
  });

  test('convert between a flag number and action names both ways', () => {
    expect(actionsOf(ACTION.LIST | ACTION.EXPORT | ACTION.GEOFENCE)).toEqual(['LIST', 'EXPORT', 'GEOFENCE']);
    expect(flagsOf(['LIST', 'DELETE'])).toBe(9);
    expect(actionsOf(0)).toEqual([]);
  });
});

describe('can', () => {
  test('checks list by default and a given action on request', () => {
    const perms = { 'vh.l': ACTION.LIST | ACTION.EXPORT };
    expect(can(perms, 'vh.l')).toBe(true);
    expect(can(perms, 'vh.l', ACTION.EXPORT)).toBe(true);
    expect(can(perms, 'vh.l', ACTION.DELETE)).toBe(false);
    expect(can(perms, 'BMS.l')).toBe(false);
    expect(can(null, 'vh.l')).toBe(false);
  });

  test('accepts any of several keys', () => {
    expect(can({ 'MCU.l.d.f': 1 }, { anyOf: ['vh.l.d.f', 'BMS.l.d.f', 'MCU.l.d.f'] })).toBe(true);
    expect(can({ 'MCU.l.d': 1 }, { anyOf: ['vh.l.d.f', 'BMS.l.d.f'] })).toBe(false);
  });
});

describe('default matrix', () => {
  test('gives every role a dashboard and a profile', () => {
    for (const role of ROLE_CODES) {
      expect(can(defaultPermissionsFor(role), 'db'), role).toBe(true);
      expect(can(defaultPermissionsFor(role), 'mp'), role).toBe(true);
    }
  });

  test('gives the Super Admin every action on every key', () => {
    const sa = defaultPermissionsFor('SA');
    for (const key of PERMISSION_KEYS) expect(sa[key]).toBe(ALL_ACTIONS);
  });

  test('keeps user management and BMS lists away from drivers', () => {
    const dr = defaultPermissionsFor('DR');
    expect(can(dr, 'su')).toBe(false);
    expect(can(dr, 'BMS.l')).toBe(false);
    expect(can(dr, 'vh.l.d')).toBe(true);
  });

  test('lets employees work but not delete', () => {
    expect(can(defaultPermissionsFor('OEME'), 'vh.l', ACTION.UPDATE)).toBe(true);
    expect(can(defaultPermissionsFor('OEME'), 'vh.l', ACTION.DELETE)).toBe(false);
    expect(can(defaultPermissionsFor('OEMA'), 'vh.l', ACTION.DELETE)).toBe(true);
  });

  test('only lists known permission keys', () => {
    for (const role of ROLE_CODES) {
      for (const key of Object.keys(defaultPermissionsFor(role))) expect(PERMISSION_LABELS).toHaveProperty([key]);
    }
  });
});

describe('roles', () => {
  test('land each role type on its own dashboard', () => {
    expect(dashboardPathFor('SA')).toBe('/dashboard');
    expect(dashboardPathFor('OEME')).toBe('/dashboard');
    expect(dashboardPathFor('DA')).toBe('/dealer/dashboard');
    expect(dashboardPathFor('FE')).toBe('/fleet/dashboard');
    expect(dashboardPathFor('DR')).toBe('/driver/dashboard');
    expect(dashboardPathFor('EVO')).toBe('/ev-owner/dashboard');
    expect(dashboardPathFor('BMSE')).toBe('/bms/dashboard');
    expect(dashboardPathFor('MCUA')).toBe('/mcu/dashboard');
    expect(dashboardPathFor('VCUE')).toBe('/vcu/dashboard');
  });

  test('list the 26 role codes of the spec', () => {
    expect(ROLE_CODES).toHaveLength(26);
  });

  test('assignable lists drop the other component admins per kind', () => {
    expect(ASSIGNABLE_ROLES.ev).toEqual(['OEMA', 'BMSA', 'MCUA', 'VCUA', 'DA', 'FA', 'EVO', 'DR']);
    expect(ASSIGNABLE_ROLES.bms).not.toContain('MCUA');
    expect(ASSIGNABLE_ROLES.mcu).not.toContain('BMSA');
    expect(ASSIGNABLE_ROLES.vcu).not.toContain('MCUA');
  });
});
