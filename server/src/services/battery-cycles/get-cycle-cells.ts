import { invalidQuery, notFound } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { heldSamples, sampleTimes } from '../telemetry/downsample';
import type { BatteryCycleDeps } from './cycle-store';
import { bmsInScope } from './list-battery-cycles';

const DEFAULT_POINTS = 60;
const MAX_POINTS = 2000;

/**
 * GET /devices/{id}/cycles/{cycleId}/cells: a cycle's cell voltages and temperatures at `points` evenly spaced times
 * over the cycle (to now while it runs), each the latest kept sample at or before it (the histories' one rule,
 * `downsample.ts`). A cycle whose cells were not kept answers no samples. Needs `BMS.l.d.ch` or `BMS.l.d.bsc`.
 */
export async function getCycleCells(
  deps: BatteryCycleDeps,
  caller: Caller,
  input: { id: string; cycleId: string; points?: number | string | undefined },
): Promise<Schemas['CellHistory']> {
  requirePermission(caller, { anyOf: ['BMS.l.d.ch', 'BMS.l.d.bsc'] });
  const bms = await bmsInScope(deps, caller, input.id, 'Battery cycle');
  const cycle = await deps.cycles.get(bms.id, input.cycleId);
  if (!cycle) throw notFound('Battery cycle');
  const points = input.points === undefined || input.points === '' ? DEFAULT_POINTS : Number(input.points);
  if (!Number.isInteger(points) || points < 2 || points > MAX_POINTS) {
    throw invalidQuery(`points must be a whole number from 2 to ${MAX_POINTS}.`);
  }
  const samples = await deps.cycles.cells(bms.id, cycle.id);
  const start = Date.parse(cycle.startedAt);
  const end = cycle.endedAt === null ? Math.max(start + 1, deps.now().getTime()) : Date.parse(cycle.endedAt);
  const times = sampleTimes(start, end, points);
  const picked = heldSamples(
    times,
    samples.map((s) => s.t),
    Number.POSITIVE_INFINITY,
  );
  const items: Schemas['CellHistory']['items'] = [];
  times.forEach((t, i) => {
    const s = samples[picked[i]!];
    if (s) items.push({ t, voltages: s.voltages, temperatures: s.temperatures });
  });
  return { cycleId: cycle.id, cellCount: bms.bms!.cellCount, items };
}
