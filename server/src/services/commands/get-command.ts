import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import { expireDue } from './command-expiry';
import type { CommandDeps } from './command-store';
import { COMMAND_READ_KEYS, type Command } from './command-types';

/** GET /commands/{id}: the command with its status now; one of a vehicle outside the caller's scope is 404. */
export async function getCommand(deps: CommandDeps, caller: Caller, input: { id: string }): Promise<Command> {
  requirePermission(caller, { anyOf: COMMAND_READ_KEYS });
  await expireDue(deps.commands, deps.now());
  const command = await deps.commands.get(input.id, vehicleScopeOf(caller));
  if (!command) throw notFound('Command');
  return command;
}
