import {
  IconAdjustments,
  IconBattery3,
  IconBell,
  IconBuildingStore,
  IconChartBar,
  IconChartLine,
  IconCpu,
  IconDeviceAnalytics,
  IconEngine,
  IconFileSettings,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconLeaf,
  IconLifebuoy,
  IconMapPin,
  IconPuzzle,
  IconReceipt,
  IconRoute,
  IconSettings,
  IconShieldLock,
  IconSteeringWheel,
  IconTerminal2,
  IconTruck,
  IconUpload,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { NavGroup } from '@/domain/nav-groups';
import { ACTION, type PermissionRequirement } from '@/domain/permissions';
import { ROLE_TYPES, type RoleCode, type RoleType } from '@/domain/roles';

export type TablerIcon = ComponentType<{ size?: number | string; stroke?: number | string }>;

/** The later issue that fills a route's content; shown honestly on the page until then. */
export const LATER_WORK = {
  inventory: 'Fleet inventory (vehicles, BMS/MCU/VCU devices, models, faults)',
  live: 'Live data and maps (MQTT, live map, trips, locations, geofences)',
  later: 'A later portal issue',
} as const;
export type LaterWork = keyof typeof LATER_WORK;

/** What every routed page receives: its row of the route table. */
export interface RoutePageProps {
  route: AppRoute;
}

/** A lazily loaded page module. */
export type PageLoader = () => Promise<{ Component: ComponentType<RoutePageProps> }>;

/** One row of the route table: the only place that knows a page's path, title, permission and nav entry. */
export interface AppRoute {
  id: string;
  path: string;
  title: string;
  /** Who may open it: a permission key (or any of several), with an action (list/read by default). `null`: any signed-in user. */
  permission: PermissionRequirement | null;
  action?: number;
  /** Shown in the side navigation for these roles (default: every role that may open it). */
  nav?: { group: NavGroup; icon: TablerIcon; label?: string; roles?: readonly RoleCode[] };
  /** Values a page shared by several routes needs (e.g. a device kind). */
  params?: Readonly<Record<string, string>>;
  later?: LaterWork;
  /** Public routes render without a session (the login page). */
  public?: boolean;
  /** Only in demo builds (the crash route that proves the error screen). */
  demoOnly?: boolean;
  load: PageLoader;
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

/* Lazy page loaders. Each area has its own page file; role-prefixed variants share one. */
const pages = {
  login: () => import('@/pages/auth/login-page').then((m) => ({ Component: m.LoginPage })),
  dashboard: () => import('@/pages/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  oldDashboard: () => import('@/pages/dashboard/old-dashboard-page').then((m) => ({ Component: m.OldDashboardPage })),
  dashboardConfiguration: () =>
    import('@/pages/dashboard/dashboard-configuration-page').then((m) => ({
      Component: m.DashboardConfigurationPage,
    })),
  vehicleManagement: () =>
    import('@/pages/vehicles/vehicle-management-page').then((m) => ({ Component: m.VehicleManagementPage })),
  vehicleDetails: () =>
    import('@/pages/vehicles/vehicle-details-page').then((m) => ({ Component: m.VehicleDetailsPage })),
  oldVehicleDetails: () =>
    import('@/pages/vehicles/old-vehicle-details-page').then((m) => ({ Component: m.OldVehicleDetailsPage })),
  modelConfiguration: () =>
    import('@/pages/models/model-configuration-page').then((m) => ({ Component: m.ModelConfigurationPage })),
  modelManagement: () =>
    import('@/pages/models/model-management-page').then((m) => ({ Component: m.ModelManagementPage })),
  evOwnerManagement: () =>
    import('@/pages/ev-owners/ev-owner-management-page').then((m) => ({
      Component: m.EvOwnerManagementPage,
    })),
  fleetManagement: () =>
    import('@/pages/fleets/fleet-management-page').then((m) => ({ Component: m.FleetManagementPage })),
  driverManagement: () =>
    import('@/pages/fleets/driver-management-page').then((m) => ({ Component: m.DriverManagementPage })),
  dealerManagement: () =>
    import('@/pages/dealers/dealer-management-page').then((m) => ({ Component: m.DealerManagementPage })),
  accessManagement: () =>
    import('@/pages/access/access-management-page').then((m) => ({ Component: m.AccessManagementPage })),
  oemAccess: () => import('@/pages/access/oem-access-page').then((m) => ({ Component: m.OemAccessPage })),
  componentManagement: () =>
    import('@/pages/components/component-management-page').then((m) => ({
      Component: m.ComponentManagementPage,
    })),
  settings: () => import('@/pages/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
  ruleManagement: () => import('@/pages/rules/rule-management-page').then((m) => ({ Component: m.RuleManagementPage })),
  notificationHistory: () =>
    import('@/pages/rules/notification-history-page').then((m) => ({ Component: m.NotificationHistoryPage })),
  commandHistory: () =>
    import('@/pages/commands/command-history-page').then((m) => ({ Component: m.CommandHistoryPage })),
  bmsMasterManagement: () =>
    import('@/pages/devices/bms-master-management-page').then((m) => ({
      Component: m.BmsMasterManagementPage,
    })),
  bmsDetails: () => import('@/pages/devices/bms-details-page').then((m) => ({ Component: m.BmsDetailsPage })),
  batteryPackHistory: () =>
    import('@/pages/devices/battery-pack-history-page').then((m) => ({ Component: m.BatteryPackHistoryPage })),
  mcuMasterManagement: () =>
    import('@/pages/devices/mcu-master-management-page').then((m) => ({
      Component: m.McuMasterManagementPage,
    })),
  mcuDetails: () => import('@/pages/devices/mcu-details-page').then((m) => ({ Component: m.McuDetailsPage })),
  vcuMasterManagement: () =>
    import('@/pages/devices/vcu-master-management-page').then((m) => ({
      Component: m.VcuMasterManagementPage,
    })),
  vcuDetails: () => import('@/pages/devices/vcu-details-page').then((m) => ({ Component: m.VcuDetailsPage })),
  analysis: () => import('@/pages/analysis/analysis-page').then((m) => ({ Component: m.AnalysisPage })),
  carbonEmission: () =>
    import('@/pages/analysis/carbon-emission-page').then((m) => ({ Component: m.CarbonEmissionPage })),
  audit: () => import('@/pages/audit/audit-page').then((m) => ({ Component: m.AuditPage })),
  hardwareLog: () => import('@/pages/audit/hardware-log-page').then((m) => ({ Component: m.HardwareLogPage })),
  profile: () => import('@/pages/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
  geoFencing: () => import('@/pages/geofencing/geo-fencing-page').then((m) => ({ Component: m.GeoFencingPage })),
  geoFenceWrite: () =>
    import('@/pages/geofencing/geo-fence-write-page').then((m) => ({ Component: m.GeoFenceWritePage })),
  firmwareRelease: () =>
    import('@/pages/firmware/firmware-release-page').then((m) => ({ Component: m.FirmwareReleasePage })),
  firmwareUpdateHistory: () =>
    import('@/pages/firmware/firmware-update-history-page').then((m) => ({
      Component: m.FirmwareUpdateHistoryPage,
    })),
  tickets: () => import('@/pages/tickets/tickets-page').then((m) => ({ Component: m.TicketsPage })),
  userManagement: () => import('@/pages/users/user-management-page').then((m) => ({ Component: m.UserManagementPage })),
  writeRole: () => import('@/pages/users/write-role-page').then((m) => ({ Component: m.WriteRolePage })),
  writeGroup: () => import('@/pages/users/write-group-page').then((m) => ({ Component: m.WriteGroupPage })),
  faultDetails: () => import('@/pages/faults/fault-details-page').then((m) => ({ Component: m.FaultDetailsPage })),
  forbidden: () => import('@/pages/errors/forbidden-page').then((m) => ({ Component: m.ForbiddenPage })),
  notFound: () => import('@/pages/errors/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
  crash: () => import('@/pages/errors/crash-page').then((m) => ({ Component: m.CrashPage })),
} satisfies Record<string, PageLoader>;

const dashboard = (id: string, path: string, roles: readonly RoleCode[]): AppRoute => ({
  id,
  path,
  title: 'Dashboard',
  permission: 'db',
  nav: { group: 'overview', icon: IconLayoutDashboard, roles },
  load: pages.dashboard,
});

const modelManagement = (kind: 'ev' | 'bms' | 'mcu' | 'vcu', label: string): AppRoute => ({
  id: `model-management-${kind}`,
  path: paths.modelManagement.href(kind),
  title: `${label} Model Management`,
  permission: `mm.${kind}`,
  nav: { group: 'fleet', icon: IconFileSettings, label: `${label} Models` },
  params: { kind },
  load: pages.modelManagement,
});

/** Every route of spec §2. */
export const ROUTES: readonly AppRoute[] = [
  { id: 'login', path: paths.login.path, title: 'Sign in', permission: null, public: true, load: pages.login },

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
    path: paths.oldDashboard.path,
    title: 'Legacy Dashboard',
    permission: 'db',
    load: pages.oldDashboard,
  },

  {
    id: 'vehicle-management',
    path: paths.vehicleManagement.path,
    title: 'Vehicle Management',
    permission: 'vh.l',
    nav: { group: 'fleet', icon: IconTruck, roles: notDealerOrFleet },
    load: pages.vehicleManagement,
  },
  {
    id: 'fleet-vehicle-management',
    path: paths.fleetVehicleManagement.path,
    title: 'Vehicle Management',
    permission: 'vh.l',
    nav: { group: 'fleet', icon: IconTruck, roles: rolesOf('fleet') },
    params: { scope: 'fleet' },
    load: pages.vehicleManagement,
  },
  {
    id: 'dealer-vehicle-management',
    path: paths.dealerVehicleManagement.path,
    title: 'Vehicle Management',
    permission: 'vh.l',
    nav: { group: 'fleet', icon: IconTruck, roles: rolesOf('dealer') },
    params: { scope: 'dealer' },
    load: pages.vehicleManagement,
  },
  {
    id: 'vehicle-details',
    path: paths.vehicleDetails.path,
    title: 'Vehicle Details',
    permission: 'vh.l.d',
    load: pages.vehicleDetails,
  },
  {
    id: 'fleet-vehicle-details',
    path: paths.fleetVehicleDetails.path,
    title: 'Vehicle Details',
    permission: 'vh.l.d',
    params: { scope: 'fleet' },
    load: pages.vehicleDetails,
  },
  {
    id: 'old-vehicle-details',
    path: paths.oldVehicleDetails.path,
    title: 'Legacy Vehicle Details',
    permission: 'vh.l.d',
    load: pages.oldVehicleDetails,
  },

  {
    id: 'model-configuration',
    path: paths.modelConfiguration.path,
    title: 'Model Configuration',
    permission: 'mm.c',
    nav: { group: 'fleet', icon: IconAdjustments },
    load: pages.modelConfiguration,
  },
  modelManagement('ev', 'EV'),
  modelManagement('bms', 'BMS'),
  modelManagement('mcu', 'MCU'),
  modelManagement('vcu', 'VCU'),

  {
    id: 'bms-master-management',
    path: paths.bmsMasterManagement.path,
    title: 'BMS Management',
    permission: 'BMS.l',
    nav: { group: 'fleet', icon: IconBattery3, label: 'BMS' },
    load: pages.bmsMasterManagement,
  },
  {
    id: 'bms-details',
    path: paths.bmsDetails.path,
    title: 'BMS Details',
    permission: 'BMS.l.d',
    load: pages.bmsDetails,
  },
  {
    id: 'battery-pack-history',
    path: paths.batteryPackHistory.path,
    title: 'Battery Pack History',
    permission: 'BMS.l.d.ch',
    load: pages.batteryPackHistory,
  },
  {
    id: 'mcu-master-management',
    path: paths.mcuMasterManagement.path,
    title: 'MCU Management',
    permission: 'MCU.l',
    nav: { group: 'fleet', icon: IconEngine, label: 'MCU' },
    load: pages.mcuMasterManagement,
  },
  {
    id: 'mcu-details',
    path: paths.mcuDetails.path,
    title: 'MCU Details',
    permission: 'MCU.l.d',
    load: pages.mcuDetails,
  },
  {
    id: 'vcu-master-management',
    path: paths.vcuMasterManagement.path,
    title: 'VCU Management',
    permission: 'VCU.l',
    nav: { group: 'fleet', icon: IconCpu, label: 'VCU' },
    load: pages.vcuMasterManagement,
  },
  {
    id: 'vcu-details',
    path: paths.vcuDetails.path,
    title: 'VCU Details',
    permission: 'VCU.l.d',
    load: pages.vcuDetails,
  },
  {
    id: 'component-management',
    path: paths.componentManagement.path,
    title: 'Component Management',
    permission: 'cm',
    nav: { group: 'fleet', icon: IconPuzzle },
    load: pages.componentManagement,
  },
  {
    id: 'fault-details',
    path: paths.faultDetails.path,
    title: 'Fault Details',
    permission: { anyOf: ['vh.l.d.f', 'BMS.l.d.f', 'MCU.l.d.f'] },
    load: pages.faultDetails,
  },

  {
    id: 'command-history',
    path: paths.commandHistory.path,
    title: 'Command',
    permission: 'cmd',
    nav: { group: 'operations', icon: IconTerminal2, label: 'Command History' },
    load: pages.commandHistory,
  },
  {
    id: 'notification-history',
    path: paths.notificationHistory.path,
    title: 'Notification',
    permission: 'rule.h',
    nav: { group: 'operations', icon: IconBell, label: 'Notification History' },
    load: pages.notificationHistory,
  },
  {
    id: 'rule-management',
    path: paths.ruleManagement.path,
    title: 'Rule Management',
    permission: 'rule.l',
    nav: { group: 'operations', icon: IconRoute },
    load: pages.ruleManagement,
  },
  {
    id: 'geo-fencing',
    path: paths.geoFencing.path,
    title: 'Geofencing',
    permission: 'gr',
    nav: { group: 'operations', icon: IconMapPin },
    load: pages.geoFencing,
  },
  {
    id: 'geo-fencing-write',
    path: paths.geoFencingWrite.path,
    title: 'Geofence Editor',
    permission: 'gr',
    action: ACTION.ADD,
    load: pages.geoFenceWrite,
  },
  {
    id: 'firmware-release',
    path: paths.firmwareRelease.path,
    title: 'FOTA',
    permission: 'FOTA',
    nav: { group: 'operations', icon: IconUpload, label: 'Firmware Release' },
    load: pages.firmwareRelease,
  },
  {
    id: 'firmware-update-history',
    path: paths.firmwareUpdateHistory.path,
    title: 'Device OTA History',
    permission: 'FOTA.h',
    nav: { group: 'operations', icon: IconHistory },
    load: pages.firmwareUpdateHistory,
  },
  {
    id: 'hardware-log',
    path: paths.hardwareLog.path,
    title: 'Hardware Log',
    permission: 'hl',
    nav: { group: 'operations', icon: IconDeviceAnalytics },
    load: pages.hardwareLog,
  },
  {
    id: 'tickets',
    path: paths.tickets.path,
    title: 'Help & Support',
    permission: 't',
    nav: { group: 'operations', icon: IconLifebuoy, roles: admins },
    load: pages.tickets,
  },
  {
    id: 'employee-tickets',
    path: paths.employeeTickets.path,
    title: 'Help & Support',
    permission: 't',
    nav: { group: 'operations', icon: IconLifebuoy, roles: employees },
    params: { scope: 'employee' },
    load: pages.tickets,
  },
  {
    id: 'driver-tickets',
    path: paths.driverTickets.path,
    title: 'Help & Support',
    permission: 't',
    nav: { group: 'operations', icon: IconLifebuoy, roles: rolesOf('driver') },
    params: { scope: 'driver' },
    load: pages.tickets,
  },
  {
    id: 'ev-owner-tickets',
    path: paths.evOwnerTickets.path,
    title: 'Help & Support',
    permission: 't',
    nav: { group: 'operations', icon: IconLifebuoy, roles: rolesOf('evOwner') },
    params: { scope: 'ev-owner' },
    load: pages.tickets,
  },

  {
    id: 'analysis',
    path: paths.analysis.path,
    title: 'Analysis',
    permission: 'a',
    nav: { group: 'overview', icon: IconChartLine },
    load: pages.analysis,
  },
  {
    id: 'carbon-emission',
    path: paths.carbonEmission.path,
    title: 'Carbon Emission',
    permission: 'ce',
    nav: { group: 'overview', icon: IconLeaf },
    load: pages.carbonEmission,
  },

  {
    id: 'ev-owner-management',
    path: paths.evOwnerManagement.path,
    title: 'EV Owner Management',
    permission: 'evo.l',
    nav: { group: 'people', icon: IconUserCircle, label: 'EV Owners', roles: notDealer },
    load: pages.evOwnerManagement,
  },
  {
    id: 'dealer-ev-owner-management',
    path: paths.dealerEvOwnerManagement.path,
    title: 'EV Owner Management',
    permission: 'evo.l',
    nav: { group: 'people', icon: IconUserCircle, label: 'EV Owners', roles: rolesOf('dealer') },
    params: { scope: 'dealer' },
    load: pages.evOwnerManagement,
  },
  {
    id: 'fleet-management',
    path: paths.fleetManagement.path,
    title: 'Fleet Management',
    permission: 'fleet.l',
    nav: { group: 'people', icon: IconUsersGroup, label: 'Fleets', roles: notDealer },
    load: pages.fleetManagement,
  },
  {
    id: 'dealer-fleet-management',
    path: paths.dealerFleetManagement.path,
    title: 'Fleet Management',
    permission: 'fleet.l',
    nav: { group: 'people', icon: IconUsersGroup, label: 'Fleets', roles: rolesOf('dealer') },
    params: { scope: 'dealer' },
    load: pages.fleetManagement,
  },
  {
    id: 'driver-management',
    path: paths.driverManagement.path,
    title: 'Driver Management',
    permission: 'drv.l',
    nav: { group: 'people', icon: IconSteeringWheel, label: 'Drivers' },
    load: pages.driverManagement,
  },
  {
    id: 'dealer-management',
    path: paths.dealerManagement.path,
    title: 'Service Center Management',
    permission: 'sc.l',
    nav: { group: 'people', icon: IconBuildingStore, label: 'Service Centers' },
    load: pages.dealerManagement,
  },
  {
    id: 'user-management',
    path: paths.userManagement.path,
    title: 'User Management',
    permission: 'su',
    nav: { group: 'people', icon: IconUsers },
    load: pages.userManagement,
  },
  {
    id: 'write-role',
    path: paths.writeRole.path,
    title: 'Role Permission',
    permission: 'su.RP',
    action: ACTION.ADD,
    load: pages.writeRole,
  },
  {
    id: 'write-group',
    path: paths.writeGroup.path,
    title: 'Device Group',
    permission: 'su.DG',
    action: ACTION.ADD,
    load: pages.writeGroup,
  },
  {
    id: 'access-management',
    path: paths.accessManagement.path,
    title: 'Access Management',
    permission: 'ac.l',
    nav: { group: 'people', icon: IconKey },
    load: pages.accessManagement,
  },
  {
    id: 'oem-access',
    path: paths.oemAccess.path,
    title: 'OEM Access',
    permission: 'oem.l',
    nav: { group: 'people', icon: IconShieldLock },
    load: pages.oemAccess,
  },

  {
    id: 'settings',
    path: paths.settings.path,
    title: 'Settings',
    permission: 's',
    nav: { group: 'system', icon: IconSettings },
    load: pages.settings,
  },
  {
    id: 'audit',
    path: paths.audit.path,
    title: 'Audit Log',
    permission: 'ah',
    nav: { group: 'system', icon: IconReceipt },
    load: pages.audit,
  },
  {
    id: 'dashboard-configuration',
    path: paths.dashboardConfiguration.path,
    title: 'Dashboard Configuration',
    permission: 'dc',
    nav: { group: 'system', icon: IconChartBar },
    load: pages.dashboardConfiguration,
  },
  { id: 'profile', path: paths.profile.path, title: 'My Profile', permission: 'mp', load: pages.profile },

  { id: 'forbidden', path: paths.forbidden.path, title: 'Forbidden', permission: null, load: pages.forbidden },
  { id: 'not-found', path: paths.notFound.path, title: 'Page not found', permission: null, load: pages.notFound },
  {
    id: 'demo-crash',
    path: paths.demoCrash.path,
    title: 'Crash test',
    permission: null,
    demoOnly: true,
    load: pages.crash,
  },
];

/** The route with this id; throws on an unknown id so that a typo fails loudly in tests. */
export function routeById(id: string): AppRoute {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown route id: ${id}`);
  return route;
}

/** The concrete path of a route, with `:param` segments filled in. */
export function pathOf(route: AppRoute, params: Readonly<Record<string, string>> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? `:${name}`));
}
