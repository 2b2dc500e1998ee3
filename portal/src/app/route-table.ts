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
  IconMessageReport,
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
import {
  type AppRoute,
  type NavRouteId,
  ROUTES,
  type RouteId,
  type RouteNav,
  type RoutePageProps,
} from '@/config/paths';

/*
 * The route table's app half: the lazy page of every route of `config/paths.ts` and the icon of its navigation entry.
 * Only the app (the router, the side navigation) and tests import it, so `config` never reaches up into `pages`
 * (decision 0107).
 */

export type TablerIcon = ComponentType<{ size?: number | string; stroke?: number | string }>;

/** A lazily loaded page module. */
export type PageLoader = () => Promise<{ Component: ComponentType<RoutePageProps> }>;

/** A row of the route table with what the app adds: its lazy page and, in the navigation, its icon. */
export interface LoadableRoute extends AppRoute {
  nav?: RouteNav & { icon: TablerIcon };
  load: PageLoader;
}

/* Lazy page loaders. Each area has its own page file (its own chunk); role-prefixed variants share one. */
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
  feedback: () => import('@/pages/feedback/feedback-page').then((m) => ({ Component: m.FeedbackPage })),
  feedbackReport: () =>
    import('@/pages/feedback/feedback-report-page').then((m) => ({ Component: m.FeedbackReportPage })),
  userManagement: () => import('@/pages/users/user-management-page').then((m) => ({ Component: m.UserManagementPage })),
  writeRole: () => import('@/pages/users/write-role-page').then((m) => ({ Component: m.WriteRolePage })),
  writeGroup: () => import('@/pages/users/write-group-page').then((m) => ({ Component: m.WriteGroupPage })),
  faultDetails: () => import('@/pages/faults/fault-details-page').then((m) => ({ Component: m.FaultDetailsPage })),
  forbidden: () => import('@/pages/errors/forbidden-page').then((m) => ({ Component: m.ForbiddenPage })),
  notFound: () => import('@/pages/errors/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
  crash: () => import('@/pages/errors/crash-page').then((m) => ({ Component: m.CrashPage })),
} satisfies Record<string, PageLoader>;

/** Each route's page and, for a route in the navigation, its icon; `tsc` fails on a route without them. */
const PAGE_OF = {
  login: { load: pages.login },
  dashboard: { load: pages.dashboard, icon: IconLayoutDashboard },
  'dealer-dashboard': { load: pages.dashboard, icon: IconLayoutDashboard },
  'bms-dashboard': { load: pages.dashboard, icon: IconLayoutDashboard },
  'mcu-dashboard': { load: pages.dashboard, icon: IconLayoutDashboard },
  'vcu-dashboard': { load: pages.dashboard, icon: IconLayoutDashboard },
  'driver-dashboard': { load: pages.dashboard, icon: IconLayoutDashboard },
  'ev-owner-dashboard': { load: pages.dashboard, icon: IconLayoutDashboard },
  'fleet-dashboard': { load: pages.dashboard, icon: IconLayoutDashboard },
  'old-dashboard': { load: pages.oldDashboard },
  'vehicle-management': { load: pages.vehicleManagement, icon: IconTruck },
  'fleet-vehicle-management': { load: pages.vehicleManagement, icon: IconTruck },
  'dealer-vehicle-management': { load: pages.vehicleManagement, icon: IconTruck },
  'vehicle-details': { load: pages.vehicleDetails },
  'fleet-vehicle-details': { load: pages.vehicleDetails },
  'old-vehicle-details': { load: pages.oldVehicleDetails },
  'model-configuration': { load: pages.modelConfiguration, icon: IconAdjustments },
  'model-management-ev': { load: pages.modelManagement, icon: IconFileSettings },
  'model-management-bms': { load: pages.modelManagement, icon: IconFileSettings },
  'model-management-mcu': { load: pages.modelManagement, icon: IconFileSettings },
  'model-management-vcu': { load: pages.modelManagement, icon: IconFileSettings },
  'bms-master-management': { load: pages.bmsMasterManagement, icon: IconBattery3 },
  'bms-details': { load: pages.bmsDetails },
  'battery-pack-history': { load: pages.batteryPackHistory },
  'mcu-master-management': { load: pages.mcuMasterManagement, icon: IconEngine },
  'mcu-details': { load: pages.mcuDetails },
  'vcu-master-management': { load: pages.vcuMasterManagement, icon: IconCpu },
  'vcu-details': { load: pages.vcuDetails },
  'component-management': { load: pages.componentManagement, icon: IconPuzzle },
  'fault-details': { load: pages.faultDetails },
  'command-history': { load: pages.commandHistory, icon: IconTerminal2 },
  'notification-history': { load: pages.notificationHistory, icon: IconBell },
  'rule-management': { load: pages.ruleManagement, icon: IconRoute },
  'geo-fencing': { load: pages.geoFencing, icon: IconMapPin },
  'geo-fencing-write': { load: pages.geoFenceWrite },
  'firmware-release': { load: pages.firmwareRelease, icon: IconUpload },
  'firmware-update-history': { load: pages.firmwareUpdateHistory, icon: IconHistory },
  'hardware-log': { load: pages.hardwareLog, icon: IconDeviceAnalytics },
  tickets: { load: pages.tickets, icon: IconLifebuoy },
  'employee-tickets': { load: pages.tickets, icon: IconLifebuoy },
  'driver-tickets': { load: pages.tickets, icon: IconLifebuoy },
  'ev-owner-tickets': { load: pages.tickets, icon: IconLifebuoy },
  feedback: { load: pages.feedback, icon: IconMessageReport },
  'feedback-report': { load: pages.feedbackReport },
  analysis: { load: pages.analysis, icon: IconChartLine },
  'carbon-emission': { load: pages.carbonEmission, icon: IconLeaf },
  'ev-owner-management': { load: pages.evOwnerManagement, icon: IconUserCircle },
  'dealer-ev-owner-management': { load: pages.evOwnerManagement, icon: IconUserCircle },
  'fleet-management': { load: pages.fleetManagement, icon: IconUsersGroup },
  'dealer-fleet-management': { load: pages.fleetManagement, icon: IconUsersGroup },
  'driver-management': { load: pages.driverManagement, icon: IconSteeringWheel },
  'dealer-management': { load: pages.dealerManagement, icon: IconBuildingStore },
  'user-management': { load: pages.userManagement, icon: IconUsers },
  'write-role': { load: pages.writeRole },
  'write-group': { load: pages.writeGroup },
  'access-management': { load: pages.accessManagement, icon: IconKey },
  'oem-access': { load: pages.oemAccess, icon: IconShieldLock },
  settings: { load: pages.settings, icon: IconSettings },
  audit: { load: pages.audit, icon: IconReceipt },
  'dashboard-configuration': { load: pages.dashboardConfiguration, icon: IconChartBar },
  profile: { load: pages.profile },
  forbidden: { load: pages.forbidden },
  'not-found': { load: pages.notFound },
  'demo-crash': { load: pages.crash },
} satisfies {
  [Id in RouteId]: { load: PageLoader } & (Id extends NavRouteId ? { icon: TablerIcon } : { icon?: never });
};

function loadable({ nav, ...route }: AppRoute & { id: RouteId }): LoadableRoute {
  const page: { load: PageLoader; icon?: TablerIcon } = PAGE_OF[route.id];
  if (!nav) return { ...route, load: page.load };
  if (!page.icon) throw new Error(`Route ${route.id} is in the navigation without an icon`);
  return { ...route, nav: { ...nav, icon: page.icon }, load: page.load };
}

/** Every route of `config/paths.ts`, in its order, with its lazy page and navigation icon. */
export const ROUTE_TABLE: readonly LoadableRoute[] = ROUTES.map(loadable);

/** The loadable route with this id. */
export function loadableRoute(id: RouteId): LoadableRoute {
  const route = ROUTE_TABLE.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown route id: ${id}`);
  return route;
}
