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
import { ForbiddenPage } from '@/pages/errors/forbidden-page';
import { NotFoundPage } from '@/pages/errors/not-found-page';
import {
  type AppRoute,
  type NavRouteId,
  type PageKey,
  ROUTES,
  type RouteId,
  type RouteNav,
  type RoutePageProps,
} from '@/config/paths';

/*
 * The route table's app half: the lazy page of every page key of `config/paths.ts` and the icon of each navigation entry.
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

/* The lazy page of each page key of `config/paths.ts`. Each area has its own page file (its own chunk); role-prefixed
 * variants share one. */
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
  feedbackConversations: () =>
    import('@/pages/feedback/feedback-conversations-page').then((m) => ({ Component: m.FeedbackConversationsPage })),
  userManagement: () => import('@/pages/users/user-management-page').then((m) => ({ Component: m.UserManagementPage })),
  writeRole: () => import('@/pages/users/write-role-page').then((m) => ({ Component: m.WriteRolePage })),
  writeGroup: () => import('@/pages/users/write-group-page').then((m) => ({ Component: m.WriteGroupPage })),
  faultDetails: () => import('@/pages/faults/fault-details-page').then((m) => ({ Component: m.FaultDetailsPage })),
  // The shell's error element renders these two already (`shell/route-error.tsx`), so they are in the first chunk: a
  // dynamic import of them would split nothing (Vite warned of both imports).
  forbidden: async () => ({ Component: ForbiddenPage }),
  notFound: async () => ({ Component: NotFoundPage }),
  crash: () => import('@/pages/errors/crash-page').then((m) => ({ Component: m.CrashPage })),
} satisfies Record<PageKey, PageLoader>;

/** The icon of each route in the navigation; `tsc` fails on a navigation route without one. */
const ICON_OF = {
  dashboard: IconLayoutDashboard,
  'dealer-dashboard': IconLayoutDashboard,
  'bms-dashboard': IconLayoutDashboard,
  'mcu-dashboard': IconLayoutDashboard,
  'vcu-dashboard': IconLayoutDashboard,
  'driver-dashboard': IconLayoutDashboard,
  'ev-owner-dashboard': IconLayoutDashboard,
  'fleet-dashboard': IconLayoutDashboard,
  'vehicle-management': IconTruck,
  'fleet-vehicle-management': IconTruck,
  'dealer-vehicle-management': IconTruck,
  'model-configuration': IconAdjustments,
  'model-management-ev': IconFileSettings,
  'model-management-bms': IconFileSettings,
  'model-management-mcu': IconFileSettings,
  'model-management-vcu': IconFileSettings,
  'bms-master-management': IconBattery3,
  'mcu-master-management': IconEngine,
  'vcu-master-management': IconCpu,
  'component-management': IconPuzzle,
  'command-history': IconTerminal2,
  'notification-history': IconBell,
  'rule-management': IconRoute,
  'geo-fencing': IconMapPin,
  'firmware-release': IconUpload,
  'firmware-update-history': IconHistory,
  'hardware-log': IconDeviceAnalytics,
  tickets: IconLifebuoy,
  'employee-tickets': IconLifebuoy,
  'driver-tickets': IconLifebuoy,
  'ev-owner-tickets': IconLifebuoy,
  feedback: IconMessageReport,
  analysis: IconChartLine,
  'carbon-emission': IconLeaf,
  'ev-owner-management': IconUserCircle,
  'dealer-ev-owner-management': IconUserCircle,
  'fleet-management': IconUsersGroup,
  'dealer-fleet-management': IconUsersGroup,
  'driver-management': IconSteeringWheel,
  'dealer-management': IconBuildingStore,
  'user-management': IconUsers,
  'access-management': IconKey,
  'oem-access': IconShieldLock,
  settings: IconSettings,
  audit: IconReceipt,
  'dashboard-configuration': IconChartBar,
} satisfies Record<NavRouteId, TablerIcon>;

function loadable({ nav, ...route }: AppRoute & { id: RouteId }): LoadableRoute {
  const load = pages[route.page];
  if (!nav) return { ...route, load };
  const icon: TablerIcon | undefined = (ICON_OF as Partial<Record<RouteId, TablerIcon>>)[route.id];
  if (!icon) throw new Error(`Route ${route.id} is in the navigation without an icon`);
  return { ...route, nav: { ...nav, icon }, load };
}

/** Every route of `config/paths.ts`, in its order, with its lazy page and navigation icon. */
export const ROUTE_TABLE: readonly LoadableRoute[] = ROUTES.map(loadable);

/** The loadable route with this id. */
export function loadableRoute(id: RouteId): LoadableRoute {
  const route = ROUTE_TABLE.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown route id: ${id}`);
  return route;
}
