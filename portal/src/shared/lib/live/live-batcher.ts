import type {
  CommandAck,
  DeviceTelemetry,
  GeofenceEvent,
  NotificationEvent,
  OtaProgress,
  RolloutProgress,
  TicketChange,
  TripEvent,
  VehicleTelemetry,
} from '../../../domain/live-payloads';
import type { LiveMessage } from './topics';

/** A fault a vehicle's telemetry carried: kept as an event, so that a newer message of the vehicle cannot hide it. */
export interface FaultEvent {
  vehicleUid: string;
  ts: number;
  fault: VehicleTelemetry['faults'][number];
}

/** A discrete live event: every one is kept, in arrival order (unlike telemetry, where only the latest matters). */
export type LiveEvent =
  | { kind: 'fault'; data: FaultEvent }
  | { kind: 'command-ack'; data: CommandAck }
  | { kind: 'ota-progress'; data: OtaProgress }
  | { kind: 'rollout-progress'; data: RolloutProgress }
  | { kind: 'trip'; data: TripEvent }
  | { kind: 'geofence'; data: GeofenceEvent }
  | { kind: 'notification'; data: NotificationEvent }
  | { kind: 'ticket-change'; data: TicketChange };

/** What the live controller hands to the app, at most once per animation frame. */
export interface LiveBatch {
  /** Latest telemetry per vehicle received since the previous batch. */
  vehicles: VehicleTelemetry[];
  /** Latest telemetry per device received since the previous batch. */
  devices: DeviceTelemetry[];
  events: LiveEvent[];
  /** Telemetry messages superseded by a newer one of the same vehicle or device within this batch. */
  coalesced: number;
  /** Events dropped because the buffer was full (a tab whose frames and timers were stopped for long). */
  overflowed: number;
  /** `Date.now()` when the batch was handed over. */
  flushedAt: number;
}

/** Receives batches; the integrator writes them into the store or the query cache. */
export type LiveSink = (batch: LiveBatch) => void;

/** Schedules one callback on the next animation frame; returns a cancel function. */
export type FrameScheduler = (callback: () => void) => () => void;

/** `requestAnimationFrame` where there is one, else a 16 ms timer. */
export const animationFrameScheduler: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(() => callback());
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(callback, 16);
  return () => clearTimeout(id);
};

export interface LiveBatcherOptions {
  sink: LiveSink;
  scheduleFrame?: FrameScheduler;
  /**
   * Flush after this long even without a frame: browsers stop animation frames in background tabs, and the store
   * should still be current when the user returns.
   */
  maxDelayMs?: number;
  /** Events kept between flushes before new ones are dropped. */
  maxEvents?: number;
  /** Called when the sink throws; the batcher keeps going. */
  onSinkError?: (error: unknown) => void;
  now?: () => number;
}

export interface LiveBatcher {
  push(message: LiveMessage): void;
  /** Hands over what is pending now (also used by tests and on disconnect). */
  flush(): void;
  /** Number of batches handed over. */
  flushes(): number;
  dispose(): void;
}

/** Collects decoded messages and hands them to the sink at most once per animation frame. */
export function createLiveBatcher(options: LiveBatcherOptions): LiveBatcher {
  const scheduleFrame = options.scheduleFrame ?? animationFrameScheduler;
  const maxDelayMs = options.maxDelayMs ?? 1000;
  const maxEvents = options.maxEvents ?? 10_000;
  const now = options.now ?? Date.now;

  let vehicles = new Map<string, VehicleTelemetry>();
  let devices = new Map<string, DeviceTelemetry>();
  let events: LiveEvent[] = [];
  let coalesced = 0;
  let overflowed = 0;
  let flushCount = 0;
  let cancelFrame: (() => void) | null = null;
  let fallback: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  function schedule() {
    if (cancelFrame || disposed) return;
    cancelFrame = scheduleFrame(flush);
    fallback = setTimeout(flush, maxDelayMs);
  }

  function keepLatest<T extends { ts: number }>(map: Map<string, T>, key: string, next: T) {
    const prev = map.get(key);
    if (prev) {
      coalesced++;
      // Out-of-order delivery (QoS 0 over several broker nodes) must not move a vehicle back in time.
      if (prev.ts > next.ts) return;
    }
    map.set(key, next);
  }

  function push(message: LiveMessage) {
    if (disposed) return;
    switch (message.kind) {
      case 'vehicle-telemetry':
        keepLatest(vehicles, message.data.vehicleUid, message.data);
        for (const fault of message.data.faults) {
          if (events.length >= maxEvents) overflowed++;
          else
            events.push({ kind: 'fault', data: { vehicleUid: message.data.vehicleUid, ts: message.data.ts, fault } });
        }
        break;
      case 'device-telemetry':
        keepLatest(devices, message.data.deviceUid, message.data);
        break;
      case 'command-request':
        return;
      default:
        if (events.length >= maxEvents) overflowed++;
        else events.push({ kind: message.kind, data: message.data } as LiveEvent);
    }
    schedule();
  }

  function flush() {
    cancelFrame?.();
    cancelFrame = null;
    if (fallback !== null) clearTimeout(fallback);
    fallback = null;
    if (vehicles.size === 0 && devices.size === 0 && events.length === 0) return;
    const batch: LiveBatch = {
      vehicles: [...vehicles.values()],
      devices: [...devices.values()],
      events,
      coalesced,
      overflowed,
      flushedAt: now(),
    };
    vehicles = new Map();
    devices = new Map();
    events = [];
    coalesced = 0;
    overflowed = 0;
    flushCount++;
    try {
      options.sink(batch);
    } catch (error) {
      options.onSinkError?.(error);
    }
  }

  return {
    push,
    flush,
    flushes: () => flushCount,
    dispose() {
      disposed = true;
      cancelFrame?.();
      cancelFrame = null;
      if (fallback !== null) clearTimeout(fallback);
      fallback = null;
    },
  };
}
