import { ACTION } from '@/domain/permissions';
import { type Caller, requirePermission } from '../lib/caller';
import { assignScopeOf } from './ticket-scope';
import type { TicketDeps } from './ticket-store';
import type { TicketAssignees } from './ticket-types';

/** GET /tickets/assignees: the service centres the caller may assign to and their staff (needs `t` with Assign). */
export async function listTicketAssignees(deps: TicketDeps, caller: Caller): Promise<TicketAssignees> {
  requirePermission(caller, 't', ACTION.ASSIGN);
  return deps.tickets.assignees(assignScopeOf(caller));
}
