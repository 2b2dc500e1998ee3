import { expectTypeOf, test } from 'vitest';
import type { LiveBatch, LiveEvent } from './live-batcher';
import type { VehicleStateCode, VehicleTelemetry } from '../../../domain/live-payloads';
import { type LiveMessage, topics } from './topics';

test('a parsed message narrows to its payload type by kind', () => {
  const handle = (message: LiveMessage) => {
    if (message.kind === 'vehicle-telemetry') expectTypeOf(message.data).toEqualTypeOf<VehicleTelemetry>();
    if (message.kind === 'command-ack') expectTypeOf(message.data.status).toEqualTypeOf<2 | 3>();
  };
  expectTypeOf(handle).toBeFunction();
});

test('vehicle state codes are the spec values only', () => {
  expectTypeOf<66>().toExtend<VehicleStateCode>();
  expectTypeOf<'F'>().toExtend<VehicleStateCode>();
  expectTypeOf<65>().not.toExtend<VehicleStateCode>();
});

test('a batch carries telemetry arrays and typed events', () => {
  expectTypeOf<LiveBatch['vehicles']>().toEqualTypeOf<VehicleTelemetry[]>();
  expectTypeOf<LiveEvent['kind']>().toEqualTypeOf<
    | 'fault'
    | 'command-ack'
    | 'ota-progress'
    | 'rollout-progress'
    | 'trip'
    | 'geofence'
    | 'notification'
    | 'ticket-change'
  >();
});

test('fleet-wide event filters exist only for event topics', () => {
  topics.fleetEventsFilter('geofences');
  // @ts-expect-error telemetry has its own filters
  topics.fleetEventsFilter('telemetry');
});
