import { expectTypeOf, test } from 'vitest';
import type { PermissionMap } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';
import type { AuthUser, LoginResult } from './auth-types';

// The role enum in openapi.yaml must stay the domain's role codes: a drift on either side fails `tsc`.
test('the generated user role is exactly RoleCode', () => {
  expectTypeOf<AuthUser['role']>().toEqualTypeOf<RoleCode>();
});

test('a login result carries a PermissionMap', () => {
  expectTypeOf<LoginResult['permissions']>().toEqualTypeOf<PermissionMap>();
  // @ts-expect-error a permission key the portal does not know is not a PermissionMap key
  const bad: LoginResult['permissions'] = { 'not.a.key': 1 };
  void bad;
});
