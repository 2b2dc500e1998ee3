import type { NavGroup } from '@/domain/nav-groups';
import { ACTION, type PermissionRequirement } from '@/domain/permissions';
import { ROLE_TYPES, type RoleCode, type RoleType } from '@/domain/roles';
import type { GuardedRoute } from '@/domain/route-access';

/*
 * The route table's pure half: every route's id, path, title, permission and navigation entry, and the path builders
 * links are written with. The guard, the navigation, titles, breadcrumbs and links read it. It imports only `domain`:
 * the lazy page of each route and its navigation icon are the app's (`app/route-table.ts`, decision 0107).
 */

/** A route's entry in the side navigation; the app adds its icon. */
export interface RouteNav {
  group: NavGroup;
  label?: string;
  /** Shown to these roles only (default: every role that may open the route). */
  roles?: readonly RoleCode[];
}

/**
 * The page a route renders, by name: `app/route-table.ts` gives each its lazy module. Routes that share a page (the
 * eight dashboards, the role-prefixed variants) share its key, so code that must not load pages (the a11y walk) can
 * still tell which routes render the same page.
 */
export type PageKey =
  | 'login'
  | 'dashboard'
  | 'oldDashboard'
  | 'dashboardConfiguration'
  | 'vehicleManagement'
  | 'vehicleDetails'
  | 'oldVehicleDetails'
  | 'modelConfiguration'
  | 'modelManagement'
  | 'evOwnerManagement'
  | 'fleetManagement'
  | 'driverManagement'
  | 'dealerManagement'
  | 'accessManagement'
  | 'oemAccess'
  | 'componentManagement'
  | 'settings'
  | 'ruleManagement'
  | 'notificationHistory'
  | 'commandHistory'
  | 'bmsMasterManagement'
  | 'bmsDetails'
  | 'batteryPackHistory'
  | 'mcuMasterManagement'
  | 'mcuDetails'
  | 'vcuMasterManagement'
  | 'vcuDetails'
  | 'analysis'
  | 'carbonEmission'
  | 'audit'
  | 'hardwareLog'
  | 'profile'
  | 'geoFencing'
  | 'geoFenceWrite'
  | 'firmwareRelease'
  | 'firmwareUpdateHistory'
  | 'tickets'
  | 'feedback'
  | 'feedbackReport'
  | 'feedbackConversations'
  | 'userManagement'
  | 'writeRole'
  | 'writeGroup'
  | 'faultDetails'
  | 'forbidden'
  | 'notFound'
  | 'crash';

/** One row of the route table: the only place that knows a page's path, title, permission and nav entry. */
export interface AppRoute extends GuardedRoute {
  id: string;
  /** The page it renders (its lazy module is the app's, `app/route-table.ts`). */
  page: PageKey;
  path: string;
  title: string;
  /** Who may open it: a permission key (or any of several), with an action (list/read by default). `null`: any signed-in user. */
  permission: PermissionRequirement | null;
  action?: number;
  /** Shown in the side navigation (group, label, roles). */
  nav?: RouteNav;
  /** Values a page shared by several routes needs (e.g. a device kind). */
  params?: Readonly<Record<string, string>>;
  /** Public routes render without a session (the login page). */
  public?: boolean;
  /** Only in demo builds (the crash route that proves the error screen). */
  demoOnly?: boolean;
}

/** What every routed page receives: its row of the route table. */
export interface RoutePageProps {
  route: AppRoute;
}

const rolesOf = (...types: RoleType[]): RoleCode[] => types.flatMap((t) => [...ROLE_TYPES[t]]);
const employees: RoleCode[] = [
  'SE',
  'OEME',
  'DE',
  'FE',
  'BMSE',
  'MCUE',
  'VCUE',
  'GPSE',
  'OBCE',
  'DCDCE',
  'BTMSE',
  'TPMSE',
];
const admins: RoleCode[] = [
  'SA',
  'OEMA',
  'DA',
  'FA',
  'BMSA',
  'MCUA',
  'VCUA',
  'GPSA',
  'OBCA',
  'DCDCA',
  'BTMSA',
  'TPMSA',
];
/** Role types that use the unprefixed variant of a role-prefixed route. */
const notDealerOrFleet = rolesOf('platform', 'oem', 'driver', 'evOwner', 'bms', 'mcu', 'vcu', 'component');
const notDealer = rolesOf('platform', 'oem', 'fleet', 'driver', 'evOwner', 'bms', 'mcu', 'vcu', 'component');

/** Query parameters of a link; `undefined` values are left out. */
export type SearchParams = Readonly<Record<string, string | number | undefined>>;

type ParamOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's path and the typed way to link to it: `href()` without a parameter, `href(id)` with one. */
export interface PathBuilder<P extends string> {
  path: P;
  href: (
    ...args: [ParamOf<P>] extends [never] ? [search?: SearchParams] : [param: string, search?: SearchParams]
  ) => string;
}

function withSearch(path: string, search: SearchParams | undefined): string {
  const query = Object.entries(search ?? {})
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

function pathTo<const P extends string>(path: P): PathBuilder<P> {
  const href = (...args: unknown[]): string => {
    if (!path.includes(':')) return withSearch(path, args[0] as SearchParams | undefined);
    const value = encodeURIComponent(String(args[0]));
    return withSearch(path.replace(/:\w+/, value), args[1] as SearchParams | undefined);
  };
  return { path, href: href as PathBuilder<P>['href'] };
}

/** One path builder per route of the table: the only way features and pages write a link. */
export const paths = {
  dashboard: pathTo('/dashboard'),
  dealerDashboard: pathTo('/dealer/dashboard'),
  bmsDashboard: pathTo('/bms/dashboard'),
  mcuDashboard: pathTo('/mcu/dashboard'),
  vcuDashboard: pathTo('/vcu/dashboard'),
  driverDashboard: pathTo('/driver/dashboard'),
  evOwnerDashboard: pathTo('/ev-owner/dashboard'),
  fleetDashboard: pathTo('/fleet/dashboard'),
  login: pathTo('/login'),
  oldDashboard: pathTo('/old-dashboard'),
  vehicleManagement: pathTo('/vehicle-management'),
  fleetVehicleManagement: pathTo('/fleet/vehicle-management'),
  dealerVehicleManagement: pathTo('/dealer/vehicle-management'),
  vehicleDetails: pathTo('/vehicle/:id'),
  fleetVehicleDetails: pathTo('/fleet/vehicle/:id'),
  oldVehicleDetails: pathTo('/old-vehicle/:id'),
  modelConfiguration: pathTo('/models/configuration'),
  /** The four model management routes, one per kind (`ev`, `bms`, `mcu`, `vcu`). */
  modelManagement: pathTo('/model-management/:kind'),
  bmsMasterManagement: pathTo('/bms/master-management'),
  bmsDetails: pathTo('/bms/details/:id'),
  batteryPackHistory: pathTo('/bms/battery-pack-history/:id'),
  mcuMasterManagement: pathTo('/mcu/master-management'),
  mcuDetails: pathTo('/mcu/details/:id'),
  vcuMasterManagement: pathTo('/vcu/master-management'),
  vcuDetails: pathTo('/vcu/details/:id'),
  componentManagement: pathTo('/component-management'),
  faultDetails: pathTo('/fault-details/:id'),
  commandHistory: pathTo('/command-history'),
  notificationHistory: pathTo('/notification-history'),
  ruleManagement: pathTo('/rule-management'),
  geoFencing: pathTo('/geo-fencing'),
  geoFencingWrite: pathTo('/geo-fencing/write'),
  firmwareRelease: pathTo('/firmware-release'),
  firmwareUpdateHistory: pathTo('/firmware-update-history'),
  hardwareLog: pathTo('/hardware-log'),
  tickets: pathTo('/tickets'),
  employeeTickets: pathTo('/employee/tickets'),
  driverTickets: pathTo('/driver/tickets'),
  evOwnerTickets: pathTo('/ev-owner/tickets'),
  feedback: pathTo('/feedback'),
  feedbackReport: pathTo('/feedback/:id'),
  feedbackConversations: pathTo('/feedback/conversations'),
  analysis: pathTo('/analysis'),
  carbonEmission: pathTo('/carbon-emission'),
  evOwnerManagement: pathTo('/ev-owner-management'),
  dealerEvOwnerManagement: pathTo('/dealer/ev-owner-management'),
  fleetManagement: pathTo('/fleet-management'),
  dealerFleetManagement: pathTo('/dealer/fleet-management'),
  driverManagement: pathTo('/fleet/driver-management'),
  dealerManagement: pathTo('/dealer-management'),
  userManagement: pathTo('/user-management'),
  writeRole: pathTo('/write-role'),
  writeGroup: pathTo('/write-group'),
  accessManagement: pathTo('/access-management'),
  oemAccess: pathTo('/oem-access'),
  settings: pathTo('/settings'),
  audit: pathTo('/audit'),
  dashboardConfiguration: pathTo('/dashboard-configuration'),
  profile: pathTo('/profile'),
  forbidden: pathTo('/403'),
  notFound: pathTo('/404'),
  demoCrash: pathTo('/__demo/crash'),
} as const;

const dashboard = <const Id extends string>(id: Id, path: string, roles: readonly RoleCode[]) =>
  ({ id, page: 'dashboard', path, title: 'Dashboard', permission: 'db', nav: { group: 'overview', roles } }) as const;

const modelManagement = <const Kind extends 'ev' | 'bms' | 'mcu' | 'vcu'>(kind: Kind, label: string) =>
  ({
    id: `model-management-${kind}`,
    page: 'modelManagement',
    path: paths.modelManagement.href(kind),
    title: `${label} Model Management`,
    permission: `mm.${kind}`,
    nav: { group: 'fleet', label: `${label} Models` },
    params: { kind },
  }) as const;

/* Every route of spec §2, in navigation order. */
const ROWS = [
  { id: 'login', page: 'login', path: paths.login.path, title: 'Sign in', permission: null, public: true },

  dashboard('dashboard', paths.dashboard.path, rolesOf('platform', 'oem', 'component')),
  dashboard('dealer-dashboard', paths.dealerDashboard.path, rolesOf('dealer')),
  dashboard('bms-dashboard', paths.bmsDashboard.path, rolesOf('bms')),
  dashboard('mcu-dashboard', paths.mcuDashboard.path, rolesOf('mcu')),
  dashboard('vcu-dashboard', paths.vcuDashboard.path, rolesOf('vcu')),
  dashboard('driver-dashboard', paths.driverDashboard.path, rolesOf('driver')),
  dashboard('ev-owner-dashboard', paths.evOwnerDashboard.path, rolesOf('evOwner')),
  dashboard('fleet-dashboard', paths.fleetDashboard.path, rolesOf('fleet')),
  {
    id: 'old-dashboard',
    page: 'oldDashboard',
    path: paths.oldDashboard.path,
    title: 'Legacy Dashboard',
    permission: 'db',
  },

  {
    id: 'vehicle-management',
    page: 'vehicleManagement',
    path: paths.vehicleManagement.path,
    title: 'Vehicle Management',
    permission: 'vh.l',
    nav: { group: 'fleet', roles: notDealerOrFleet },
  },
  {
    id: 'fleet-vehicle-management',
    page: 'vehicleManagement',
    path: paths.fleetVehicleManagement.path,
    title: 'Vehicle Management',
    permission: 'vh.l',
    nav: { group: 'fleet', roles: rolesOf('fleet') },
    params: { scope: 'fleet' },
  },
  {
    id: 'dealer-vehicle-management',
    page: 'vehicleManagement',
    path: paths.dealerVehicleManagement.path,
    title: 'Vehicle Management',
    permission: 'vh.l',
    nav: { group: 'fleet', roles: rolesOf('dealer') },
    params: { scope: 'dealer' },
  },
  {
    id: 'vehicle-details',
    page: 'vehicleDetails',
    path: paths.vehicleDetails.path,
    title: 'Vehicle Details',
    permission: 'vh.l.d',
  },
  {
    id: 'fleet-vehicle-details',
    page: 'vehicleDetails',
    path: paths.fleetVehicleDetails.path,
    title: 'Vehicle Details',
    permission: 'vh.l.d',
    params: { scope: 'fleet' },
  },
  {
    id: 'old-vehicle-details',
    page: 'oldVehicleDetails',
    path: paths.oldVehicleDetails.path,
    title: 'Legacy Vehicle Details',
    permission: 'vh.l.d',
  },

  {
    id: 'model-configuration',
    page: 'modelConfiguration',
    path: paths.modelConfiguration.path,
    title: 'Model Configuration',
    permission: 'mm.c',
    nav: { group: 'fleet' },
  },
  modelManagement('ev', 'EV'),
  modelManagement('bms', 'BMS'),
  modelManagement('mcu', 'MCU'),
  modelManagement('vcu', 'VCU'),

  {
    id: 'bms-master-management',
    page: 'bmsMasterManagement',
    path: paths.bmsMasterManagement.path,
    title: 'BMS Management',
    permission: 'BMS.l',
    nav: { group: 'fleet', label: 'BMS' },
  },
  {
    id: 'bms-details',
    page: 'bmsDetails',
    path: paths.bmsDetails.path,
    title: 'BMS Details',
    permission: 'BMS.l.d',
  },
  {
    id: 'battery-pack-history',
    page: 'batteryPackHistory',
    path: paths.batteryPackHistory.path,
    title: 'Battery Pack History',
    permission: 'BMS.l.d.ch',
  },
  {
    id: 'mcu-master-management',
    page: 'mcuMasterManagement',
    path: paths.mcuMasterManagement.path,
    title: 'MCU Management',
    permission: 'MCU.l',
    nav: { group: 'fleet', label: 'MCU' },
  },
  {
    id: 'mcu-details',
    page: 'mcuDetails',
    path: paths.mcuDetails.path,
    title: 'MCU Details',
    permission: 'MCU.l.d',
  },
  {
    id: 'vcu-master-management',
    page: 'vcuMasterManagement',
    path: paths.vcuMasterManagement.path,
    title: 'VCU Management',
    permission: 'VCU.l',
    nav: { group: 'fleet', label: 'VCU' },
  },
  {
    id: 'vcu-details',
    page: 'vcuDetails',
    path: paths.vcuDetails.path,
    title: 'VCU Details',
    permission: 'VCU.l.d',
  },
  {
    id: 'component-management',
    page: 'componentManagement',
    path: paths.componentManagement.path,
    title: 'Component Management',
    permission: 'cm',
    nav: { group: 'fleet' },
  },
  {
    id: 'fault-details',
    page: 'faultDetails',
    path: paths.faultDetails.path,
    title: 'Fault Details',
    permission: { anyOf: ['vh.l.d.f', 'BMS.l.d.f', 'MCU.l.d.f'] },
  },

  {
    id: 'command-history',
    page: 'commandHistory',
    path: paths.commandHistory.path,
    title: 'Command',
    permission: 'cmd',
    nav: { group: 'operations', label: 'Command History' },
  },
  {
    id: 'notification-history',
    page: 'notificationHistory',
    path: paths.notificationHistory.path,
    title: 'Notification',
    permission: 'rule.h',
    nav: { group: 'operations', label: 'Notification History' },
  },
  {
    id: 'rule-management',
    page: 'ruleManagement',
    path: paths.ruleManagement.path,
    title: 'Rule Management',
    permission: 'rule.l',
    nav: { group: 'operations' },
  },
  {
    id: 'geo-fencing',
    page: 'geoFencing',
    path: paths.geoFencing.path,
    title: 'Geofencing',
    permission: 'gr',
    nav: { group: 'operations' },
  },
  {
    id: 'geo-fencing-write',
    page: 'geoFenceWrite',
    path: paths.geoFencingWrite.path,
    title: 'Geofence Editor',
    permission: 'gr',
    action: ACTION.ADD,
    editAction: ACTION.UPDATE,
  },
  {
    id: 'firmware-release',
    page: 'firmwareRelease',
    path: paths.firmwareRelease.path,
    title: 'FOTA',
    permission: 'FOTA',
    nav: { group: 'operations', label: 'Firmware Release' },
  },
  {
    id: 'firmware-update-history',
    page: 'firmwareUpdateHistory',
    path: paths.firmwareUpdateHistory.path,
    title: 'Device OTA History',
    permission: 'FOTA.h',
    nav: { group: 'operations' },
  },
  {
    id: 'hardware-log',
    page: 'hardwareLog',
    path: paths.hardwareLog.path,
    title: 'Hardware Log',
    permission: 'hl',
    nav: { group: 'operations' },
  },
  {
    id: 'tickets',
    page: 'tickets',
    path: paths.tickets.path,
    title: 'Help & Support',
    permission: 't',
    nav: { group: 'operations', roles: admins },
  },
  {
    id: 'employee-tickets',
    page: 'tickets',
    path: paths.employeeTickets.path,
    title: 'Help & Support',
    permission: 't',
    nav: { group: 'operations', roles: employees },
    params: { scope: 'employee' },
  },
  {
    id: 'driver-tickets',
    page: 'tickets',
    path: paths.driverTickets.path,
    title: 'Help & Support',
    permission: 't',
    nav: { group: 'operations', roles: rolesOf('driver') },
    params: { scope: 'driver' },
  },
  {
    id: 'ev-owner-tickets',
    page: 'tickets',
    path: paths.evOwnerTickets.path,
    title: 'Help & Support',
    permission: 't',
    nav: { group: 'operations', roles: rolesOf('evOwner') },
    params: { scope: 'ev-owner' },
  },

  {
    id: 'feedback',
    page: 'feedback',
    path: paths.feedback.path,
    title: 'Feedback Inbox',
    permission: 'fb',
    nav: { group: 'operations', label: 'Feedback' },
  },
  {
    id: 'feedback-report',
    page: 'feedbackReport',
    path: paths.feedbackReport.path,
    title: 'Feedback Report',
    permission: 'fb',
  },
  {
    id: 'feedback-conversations',
    page: 'feedbackConversations',
    path: paths.feedbackConversations.path,
    title: 'Visitor Conversations',
    permission: 'fb',
  },

  {
    id: 'analysis',
    page: 'analysis',
    path: paths.analysis.path,
    title: 'Analysis',
    permission: 'a',
    nav: { group: 'overview' },
  },
  {
    id: 'carbon-emission',
    page: 'carbonEmission',
    path: paths.carbonEmission.path,
    title: 'Carbon Emission',
    permission: 'ce',
    nav: { group: 'overview' },
  },

  {
    id: 'ev-owner-management',
    page: 'evOwnerManagement',
    path: paths.evOwnerManagement.path,
    title: 'EV Owner Management',
    permission: 'evo.l',
    nav: { group: 'people', label: 'EV Owners', roles: notDealer },
  },
  {
    id: 'dealer-ev-owner-management',
    page: 'evOwnerManagement',
    path: paths.dealerEvOwnerManagement.path,
    title: 'EV Owner Management',
    permission: 'evo.l',
    nav: { group: 'people', label: 'EV Owners', roles: rolesOf('dealer') },
    params: { scope: 'dealer' },
  },
  {
    id: 'fleet-management',
    page: 'fleetManagement',
    path: paths.fleetManagement.path,
    title: 'Fleet Management',
    permission: 'fleet.l',
    nav: { group: 'people', label: 'Fleets', roles: notDealer },
  },
  {
    id: 'dealer-fleet-management',
    page: 'fleetManagement',
    path: paths.dealerFleetManagement.path,
    title: 'Fleet Management',
    permission: 'fleet.l',
    nav: { group: 'people', label: 'Fleets', roles: rolesOf('dealer') },
    params: { scope: 'dealer' },
  },
  {
    id: 'driver-management',
    page: 'driverManagement',
    path: paths.driverManagement.path,
    title: 'Driver Management',
    permission: 'drv.l',
    nav: { group: 'people', label: 'Drivers' },
  },
  {
    id: 'dealer-management',
    page: 'dealerManagement',
    path: paths.dealerManagement.path,
    title: 'Service Center Management',
    permission: 'sc.l',
    nav: { group: 'people', label: 'Service Centers' },
  },
  {
    id: 'user-management',
    page: 'userManagement',
    path: paths.userManagement.path,
    title: 'User Management',
    permission: 'su',
    nav: { group: 'people' },
  },
  {
    id: 'write-role',
    page: 'writeRole',
    path: paths.writeRole.path,
    title: 'Role Permission',
    permission: 'su.RP',
    action: ACTION.ADD,
    editAction: ACTION.UPDATE,
  },
  {
    id: 'write-group',
    page: 'writeGroup',
    path: paths.writeGroup.path,
    title: 'Device Group',
    permission: 'su.DG',
    action: ACTION.ADD,
    editAction: ACTION.UPDATE,
  },
  {
    id: 'access-management',
    page: 'accessManagement',
    path: paths.accessManagement.path,
    title: 'Access Management',
    permission: 'ac.l',
    nav: { group: 'people' },
  },
  {
    id: 'oem-access',
    page: 'oemAccess',
    path: paths.oemAccess.path,
    title: 'OEM Access',
    permission: 'oem.l',
    nav: { group: 'people' },
  },

  {
    id: 'settings',
    page: 'settings',
    path: paths.settings.path,
    title: 'Settings',
    permission: 's',
    nav: { group: 'system' },
  },
  {
    id: 'audit',
    page: 'audit',
    path: paths.audit.path,
    title: 'Audit Log',
    permission: 'ah',
    nav: { group: 'system' },
  },
  {
    id: 'dashboard-configuration',
    page: 'dashboardConfiguration',
    path: paths.dashboardConfiguration.path,
    title: 'Dashboard Configuration',
    permission: 'dc',
    nav: { group: 'system' },
  },
  { id: 'profile', page: 'profile', path: paths.profile.path, title: 'My Profile', permission: 'mp' },

  { id: 'forbidden', page: 'forbidden', path: paths.forbidden.path, title: 'Forbidden', permission: null },
  { id: 'not-found', page: 'notFound', path: paths.notFound.path, title: 'Page not found', permission: null },
  {
    id: 'demo-crash',
    page: 'crash',
    path: paths.demoCrash.path,
    title: 'Crash test',
    permission: null,
    demoOnly: true,
  },
] as const satisfies readonly AppRoute[];

/** The id of a route of the table. */
export type RouteId = (typeof ROWS)[number]['id'];
/** The id of a route shown in the side navigation. */
export type NavRouteId = Extract<(typeof ROWS)[number], { nav: object }>['id'];

/** Every route of spec §2, in navigation order. */
export const ROUTES: readonly (AppRoute & { id: RouteId })[] = ROWS;

/** The route with this id; a typo fails `tsc`, and an unknown id throws at run time. */
export function routeById(id: RouteId): AppRoute {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown route id: ${id}`);
  return route;
}

/** The concrete path of a route, with `:param` segments filled in. */
export function pathOf(route: AppRoute, params: Readonly<Record<string, string>> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? `:${name}`));
}
