import { DASHBOARD_PANELS } from '@/domain/dashboard-panels';
import { firmwareScopeOf } from '../firmware/firmware-scope';
import { summariseWaves } from '../firmware/rollout-engine';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import type { DashboardDataDeps } from './dashboard-data-store';
import { everyPage } from './every-page';

/** Rollouts the firmware-rollouts panel lists at most. */
export const ROLLOUTS_SHOWN = 8;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * GET /dashboard-data/firmware-rollouts: the rollouts in the caller's firmware scope (`firmwareScopeOf`, as
 * `/firmware-rollouts`) that are running or paused, paused first, then the newest started; the first 8 with their
 * progress summed over their device updates (`summariseWaves`). Needs the panel's key (`FOTA`).
 */
export async function dashboardFirmwareRollouts(
  deps: Pick<DashboardDataDeps, 'firmware'>,
  caller: Caller,
): Promise<Schemas['DashboardFirmwareRollouts']> {
  requirePermission(caller, DASHBOARD_PANELS['firmware-rollouts'].permission);
  const open = await everyPage((q) => deps.firmware.listRollouts(firmwareScopeOf(caller), q), {
    sort: [{ field: 'createdAt', direction: 'desc' }],
    filters: [{ field: 'status', values: ['running', 'paused'] }],
  });
  open.sort(
    (a, b) =>
      Number(b.status === 'paused') - Number(a.status === 'paused') ||
      b.startedAt - a.startedAt ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const items = await Promise.all(
    open.slice(0, ROLLOUTS_SHOWN).map(async (r) => {
      const waves = summariseWaves(r.waveCount, await deps.firmware.updatesOf(r.id));
      const sum = (k: 'completed' | 'failed' | 'inProgress' | 'waiting') => waves.reduce((s, w) => s + w[k], 0);
      const completed = sum('completed');
      const failed = sum('failed');
      const model = r.modelId === null ? undefined : await deps.firmware.model(r.modelId);
      return {
        id: r.id,
        version: r.version,
        deviceType: r.deviceType,
        modelName: model?.name ?? null,
        targetLabel: r.targetLabel,
        status: r.status as 'running' | 'paused',
        pauseReason: r.pauseReason,
        deviceCount: r.deviceCount,
        completed,
        failed,
        inProgress: sum('inProgress'),
        waiting: sum('waiting'),
        progressPct: r.deviceCount > 0 ? round1(((completed + failed) / r.deviceCount) * 100) : 0,
        currentWave: r.currentWave,
        waveCount: r.waveCount,
        startedAt: new Date(r.startedAt).toISOString(),
      };
    }),
  );
  return {
    running: open.filter((r) => r.status === 'running').length,
    paused: open.filter((r) => r.status === 'paused').length,
    items,
  };
}
