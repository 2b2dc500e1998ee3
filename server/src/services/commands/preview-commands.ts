import { ACTION } from '@/domain/permissions';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import type { CommandDeps } from './command-store';
import { commandsOf, readTarget, resolveTarget, targetVehicles } from './command-targets';

type PreviewCommand = Schemas['CommandTargetPreview']['commands'][number];

/**
 * POST /commands/preview: what a send would reach (needs `cmd` with Add): the target's vehicle count, the first five
 * vehicles, and the commands their models offer with how many of the vehicles accept each. Creates nothing.
 */
export async function previewCommandTarget(
  deps: CommandDeps,
  caller: Caller,
  input: { target?: unknown },
): Promise<Schemas['CommandTargetPreview']> {
  requirePermission(caller, 'cmd', ACTION.ADD);
  const target = await resolveTarget(deps, caller, readTarget(input.target));
  const vehicles = targetVehicles(target);
  const byCode = new Map<string, PreviewCommand>();
  for (const vehicle of vehicles) {
    const seen = new Set<string>();
    for (const source of commandsOf(vehicle)) {
      if (seen.has(source.def.code)) continue;
      seen.add(source.def.code);
      const entry = byCode.get(source.def.code);
      if (entry) entry.vehicleCount += 1;
      else byCode.set(source.def.code, { ...source.def, deviceKind: source.kind, vehicleCount: 1 });
    }
  }
  return {
    vehicleCount: target.kind === 'vehicle' ? 1 : target.total,
    truncated: target.kind === 'vehicle' ? false : target.truncated,
    vehicles: vehicles.slice(0, 5).map((v) => ({ id: v.id, vin: v.vin, registrationNumber: v.registrationNumber })),
    commands: [...byCode.values()],
  };
}
