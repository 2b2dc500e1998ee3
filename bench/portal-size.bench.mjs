// The portal's JS before the first page renders (production build: entry script and modulepreloads, gz), and what each
// route built since the vehicle list adds on top of it and of the signed-in shell (`portal.route.<page>.gz`, budget 50 KB as decision 0043 set).
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { initialJsKb } from './lib/initial-js.mjs';
import { routeJsKb } from './portal-list.bench.mjs';

/** Routed pages measured here, by their page chunk's file name; the vehicle list is measured with its list bench. */
export const ROUTE_PAGES = [
  'rule-management',
  'notification-history',
  'tickets',
  'user-management',
  'write-role',
  'write-group',
  'audit',
  'hardware-log',
  'command-history',
  'firmware-release',
  'firmware-update-history',
  'dashboard',
  'dashboard-configuration',
  'analysis',
  'carbon-emission',
  'dealer-management',
  'fleet-management',
  'driver-management',
  'ev-owner-management',
  'access-management',
  'oem-access',
  'settings',
  'profile',
];
const ROUTE_BUDGET_KB = 50;

export async function run({ root }) {
  execSync('pnpm --filter @voltline/portal build', { cwd: root, stdio: 'ignore' });
  const dist = join(root, 'portal/dist');
  return [
    { id: 'portal.initial.gz', value: initialJsKb(dist), unit: 'KB', budget: 200 },
    ...ROUTE_PAGES.map((page) => ({
      id: `portal.route.${page}.gz`,
      value: routeJsKb(dist, new RegExp(`^${page}-page-[\\w-]+\\.js$`)),
      unit: 'KB',
      budget: ROUTE_BUDGET_KB,
    })),
  ];
}
