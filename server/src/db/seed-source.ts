/**
 * The one file that reaches into the demo world's generator: the server seeds PostgreSQL from the same rows the demo
 * mode serves (the world's seeders, `portal/src/mocks/world/seeders`).
 */
export { createWorld } from '@/mocks/world/create-world';
export { DEFAULT_SEED } from '@/mocks/world/seeders/context';
export { DEMO_PASSWORD } from '@/mocks/world/demo-users';
export { supplyContractOf } from '@/mocks/world/supply-contracts';
export { savedLocationsOf, tripsOf } from '@/mocks/world/histories';
export { tripRouteOf } from '@/mocks/world/trip-route';
export {
  batteryCyclesOf,
  CELL_SAMPLES,
  cellHistoryOf,
  TELEMETRY_STEP_MS,
  telemetryRunsOf,
} from '@/mocks/world/histories';
export { activityDaysOf } from '@/mocks/world/activity-days';
export { hardwareLogsOf } from '@/mocks/world/hardware-logs';
export { demoFeedbackReports, type SeedReport } from '@/mocks/world/feedback-reports';
export { demoWidgetEngagement, type SeedWidgetEngagement } from '@/mocks/world/widget-engagement';
export { driveProfileOf, profileAt } from '@/mocks/world/drive-profile';
export { acknowledgeDelayOf, acknowledgeResultOf } from '@/mocks/world/command-answers';
// How a demo device installs firmware (its delay, duration, failure or silence), for the simulator's OTA answers.
export { ackDelayMs as otaAckDelayMs, simulatedOutcome } from '@/mocks/world/firmware-rollout';
// The fleet simulator of the demo's in-page broker and the browser tests' publisher (drive profiles on Pune's roads).
export { createFleetSimulator } from '@/mocks/live/fleet-simulator.js';
export { DEMO_REGION } from '@/shared/lib/live/demo-region';
export type { SdkKeyRecord as SeedSdkKey } from '@/mocks/world/types';
