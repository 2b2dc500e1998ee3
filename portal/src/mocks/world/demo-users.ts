import type { RoleCode } from '@/domain/roles';

/** The password of every demo account (the demo world is public test data). */
export const DEMO_PASSWORD = 'demo1234';

/** The email of the demo world's account for a role code: `sa@voltline.demo`, `bmsa@voltline.demo`, ... */
export function demoEmailFor(role: RoleCode): string {
  return `${role.toLowerCase()}@voltline.demo`;
}

export interface DemoUser {
  email: string;
  password: string;
  role: RoleCode;
  label: string;
}

const entry = (role: RoleCode, label: string): DemoUser => ({
  email: demoEmailFor(role),
  password: DEMO_PASSWORD,
  role,
  label,
});

/** One demo user per role type, listed on the demo's login page. The world holds an account for every role code. */
export const DEMO_USERS: readonly DemoUser[] = [
  entry('SA', 'Platform (Super Admin)'),
  entry('OEMA', 'OEM Admin'),
  entry('DA', 'Service Center Admin'),
  entry('FA', 'Fleet Admin'),
  entry('DR', 'Driver'),
  entry('EVO', 'EV Owner'),
  entry('BMSA', 'BMS Admin'),
  entry('MCUA', 'MCU Admin'),
  entry('VCUA', 'VCU Admin'),
  entry('GPSA', 'Other component (GPS Admin)'),
];
