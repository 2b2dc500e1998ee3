import type { Db } from '../db/database';
import { type JobWorker, type JobWorkerOptions, startJobWorker } from '../db/job-queue';
import { enqueueOpenRollouts, ROLLOUT_JOB } from '../db/repositories/firmware-repository';
import {
  advanceFirmwareRollout,
  recoverInstallsAfterRestart,
  type SessionOf,
} from '../services/firmware/advance-rollout';
import type { RolloutRunDeps } from '../services/firmware/firmware-store';
import { createOtaHandler, type OtaCounters } from '../services/ingestion/ota-progress';
import { consumeVehicleMessages, type ServerBroker } from './vehicle-messages';

/** Every device's OTA progress (live-topics.md). */
export const OTA_FILTER = 'voltline/v1/vehicles/+/devices/+/ota';
/** On an external broker, server processes in the group split the reports. */
const OTA = { filter: OTA_FILTER, group: 'voltline-ota', suffix: '/ota' };

export interface FirmwareLive {
  /** OTA progress received, applied and dropped by reason. */
  counters(): OtaCounters;
  /**
   * Starts the job queue's worker (the devices' reports are consumed from the start). The server starts it once it
   * listens and its in-process simulator has connected: an install due at start would otherwise be published to
   * vehicles that have not reconnected yet, and be lost.
   */
  runJobs(start?: RunJobsOptions): Promise<void>;
  /** Stops the worker (no rollout moves on), waiting for the job in hand; the reports are still consumed. */
  stopJobs(): Promise<void>;
  /** Runs the due rollout jobs now. */
  wake(): void;
  /** Resolves when every report received so far is handled and the job in hand has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** What the worker does first at a start (decision 0127). */
export interface RunJobsOptions {
  /** The vehicles with a session on the broker now (the embedded broker's); without it, the broker cannot tell. */
  sessions?: () => Set<string>;
  /**
   * How long after the start the installs left in flight are looked at (`recoverInstallsAfterRestart`), so that
   * vehicles reconnect first (default {@link RESTART_GRACE_MS}).
   */
  graceMs?: number;
}

/** Vehicles reconnect within a few seconds of a restart (the simulator's reconnect period is 5 s). */
export const RESTART_GRACE_MS = 10_000;

/**
 * Firmware rollouts on the server (issue 35 item 3, decision 0127): the job queue's worker advances each rollout when
 * its job is due (`advanceFirmwareRollout`: sends installs, times silent devices out, moves the waves), and the
 * devices' OTA progress is consumed (on the embedded broker in process, only what a vehicle published; on an external
 * broker by a shared subscription) and applied through `applyOtaProgress`, which brings the rollout's job forward.
 */
export async function startFirmwareLive(
  db: Db,
  rollouts: RolloutRunDeps,
  broker: ServerBroker,
  options: Omit<JobWorkerOptions, 'now'> = {},
): Promise<FirmwareLive> {
  let worker: JobWorker | undefined;
  let recovery: NodeJS.Timeout | undefined;
  let recovering: Promise<unknown> | undefined;
  const debug = options.debug ?? (() => undefined);
  const runJobs = async (start: RunJobsOptions = {}) => {
    if (worker) return;
    // What a seed (or a migration) left open without a job gets one, due now; the worker then finds every rollout.
    const startedAt = rollouts.now();
    try {
      const enqueued = await enqueueOpenRollouts(db, startedAt);
      if (enqueued > 0) debug('firmware: enqueued open rollouts without a job', { enqueued });
    } catch (error) {
      debug('firmware: enqueuing open rollouts failed', { error: String(error) });
    }
    // The installs the last process left in flight, once vehicles had time to reconnect.
    recovery = setTimeout(() => {
      recovery = undefined;
      const connected = start.sessions?.();
      const sessionOf: SessionOf = connected ? (id) => connected.has(id) : () => undefined;
      recovering = recoverInstallsAfterRestart(rollouts, { sessionOf, startedAt: startedAt.getTime() })
        .then((counts) => {
          debug('firmware: installs left in flight at the restart', { ...counts });
          worker?.wake();
        })
        .catch((error) => debug('firmware: recovering installs failed', { error: String(error) }));
    }, start.graceMs ?? RESTART_GRACE_MS);
    worker = startJobWorker(
      db,
      {
        [ROLLOUT_JOB]: async (payload) => {
          if (typeof payload.rolloutId !== 'string') throw new Error('a rollout job names no rollout');
          await advanceFirmwareRollout(rollouts, { rolloutId: payload.rolloutId });
        },
      },
      { ...options, now: rollouts.now },
    );
  };
  const handler = createOtaHandler({
    rollouts,
    applied: () => worker?.wake(),
    ...(options.debug ? { debug: options.debug } : {}),
  });
  const unsubscribe = await consumeVehicleMessages(
    broker,
    OTA,
    (topic, payload) => void handler.accept(topic, payload),
  );

  return {
    counters: () => handler.counters(),
    runJobs,
    stopJobs: async () => {
      clearTimeout(recovery);
      await recovering;
      await worker?.close();
    },
    wake: () => worker?.wake(),
    async idle() {
      await handler.idle();
      await recovering;
      await worker?.idle();
    },
    async close() {
      clearTimeout(recovery);
      await unsubscribe();
      await handler.idle();
      await recovering;
      await worker?.close();
    },
  };
}
