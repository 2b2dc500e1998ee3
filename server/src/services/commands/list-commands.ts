import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import { expireDue } from './command-expiry';
import { COMMAND_LIST } from './command-list-spec';
import type { CommandDeps } from './command-store';
import { COMMAND_READ_KEYS } from './command-types';

/** GET /commands: one page of the history of the vehicles in the caller's scope; commands past their expiry are Failed. */
export async function listCommands(
  deps: CommandDeps,
  caller: Caller,
  input: ListParams,
): Promise<Schemas['CommandPage']> {
  requirePermission(caller, { anyOf: COMMAND_READ_KEYS });
  const query = parseListQuery(input, COMMAND_LIST);
  await expireDue(deps.commands, deps.now());
  const { items, total } = await deps.commands.list(vehicleScopeOf(caller), query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}
