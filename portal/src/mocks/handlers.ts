import type { RequestHandler } from 'msw';
import { getEnv } from '@/config/env';
import { createAnalysisHandlers } from './handlers/analysis';
import { createCarbonHandlers } from './handlers/carbon';
import { createCarbonSettingsHandlers } from './handlers/carbon-settings';
import { createAuditHandlers } from './handlers/audit';
import { createFeedbackHandlers } from './handlers/feedback';
import { createAuthHandlers } from './handlers/auth';
import { brokerPublisher, type CommandHandlerOptions, createCommandSendHandlers } from './handlers/command-sends';
import { createCommandHandlers } from './handlers/commands';
import { createDeviceHistoryHandlers } from './handlers/device-histories';
import { createDeviceHandlers } from './handlers/devices';
import { createDeviceImportExportHandlers } from './handlers/device-import-export';
import { createFaultHandlers } from './handlers/faults';
import { createFirmwareHandlers } from './handlers/firmware';
import type { FirmwareHandlerOptions } from './handlers/lib/firmware';
import { createGeofenceHandlers } from './handlers/geofences';
import { createHardwareLogHandlers } from './handlers/hardware-logs';
import { createApiHttp } from './handlers/http';
import { createModelHandlers } from './handlers/models';
import { createNotificationHandlers } from './handlers/notifications';
import { createOrganisationManagementHandlers } from './handlers/organisation-management';
import { createOrganisationHandlers } from './handlers/organisations';
import { createRuleHandlers } from './handlers/rules';
import { createSimHandlers } from './handlers/sims';
import { createTicketMessageHandlers } from './handlers/ticket-messages';
import { createTicketHandlers } from './handlers/tickets';
import { createTripRouteHandlers } from './handlers/trip-routes';
import { createVehicleHistoryHandlers } from './handlers/vehicle-histories';
import { createVehicleHandlers } from './handlers/vehicles';
import { createVehicleImportExportHandlers } from './handlers/vehicle-import-export';
import { createDeviceGroupHandlers } from './handlers/device-groups';
import { createRoleHandlers } from './handlers/roles';
import { createUserHandlers } from './handlers/users';
import { createAccessGrantHandlers } from './handlers/access-grants';
import { createProfileHandlers } from './handlers/profile';
import { createSettingsHandlers } from './handlers/settings';
import { createDashboardDataHandlers } from './handlers/dashboard-data';
import { createDashboardHandlers } from './handlers/dashboards';
import type { RuleEngineOptions } from './world/rule-engine';

/** Every Fleet API handler of the demo world, rooted at the API base URL (the same list in the browser and in tests). */
export function createHandlers(
  baseUrl: string = getEnv().apiUrl,
  options: { commands?: CommandHandlerOptions; rules?: RuleEngineOptions; firmware?: FirmwareHandlerOptions } = {},
): RequestHandler[] {
  const http = createApiHttp(baseUrl);
  // A rule with "open a ticket" opens one in the services' rule chain (one per rule and vehicle while open); a rule's
  // command is published to the in-page broker as one sent by hand.
  const rules: RuleEngineOptions = {
    commandPublisher: (db) => brokerPublisher(db, options.commands?.broker),
    ...options.rules,
  };
  return [
    ...createAuthHandlers(http),
    ...createOrganisationHandlers(http),
    ...createOrganisationManagementHandlers(http),
    // Import and export before the resource: `/vehicles/export` must not be read as `/vehicles/{id}` (so for devices).
    ...createVehicleImportExportHandlers(http),
    ...createVehicleHandlers(http),
    ...createVehicleHistoryHandlers(http),
    ...createDeviceImportExportHandlers(http),
    ...createDeviceHandlers(http),
    ...createDeviceHistoryHandlers(http),
    ...createSimHandlers(http),
    ...createModelHandlers(http),
    ...createFaultHandlers(http),
    ...createCommandHandlers(http),
    ...createCommandSendHandlers(http, options.commands),
    ...createNotificationHandlers(http, rules),
    ...createAuditHandlers(http),
    ...createFeedbackHandlers(http),
    ...createHardwareLogHandlers(http),
    ...createGeofenceHandlers(http),
    ...createTripRouteHandlers(http),
    ...createUserHandlers(http),
    ...createRoleHandlers(http),
    ...createDeviceGroupHandlers(http),
    ...createTicketHandlers(http),
    ...createTicketMessageHandlers(http),
    ...createRuleHandlers(http, rules),
    ...createAnalysisHandlers(http),
    ...createCarbonHandlers(http),
    ...createCarbonSettingsHandlers(http),
    ...createFirmwareHandlers(http, options.firmware),
    ...createAccessGrantHandlers(http),
    ...createSettingsHandlers(http),
    ...createProfileHandlers(http),
    ...createDashboardHandlers(http),
    ...createDashboardDataHandlers(http, { onOtaUpdate: options.firmware?.onUpdate }),
  ];
}
