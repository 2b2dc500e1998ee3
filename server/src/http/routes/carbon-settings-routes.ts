import type { ServiceDeps } from '../../deps';
import { getCarbonSettings, saveCarbonSettings } from '../../services/carbon-settings/carbon-settings';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

/** The carbon method settings of the caller's organisation (decision 0094). */
export function carbonSettingsRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.carbonSettings;
  return {
    getCarbonSettings: async (request) => getCarbonSettings(d, callerOf(request)),
    saveCarbonSettings: async (request) =>
      saveCarbonSettings(d, callerOf(request), { body: request.body as Record<string, unknown> }),
  };
}
