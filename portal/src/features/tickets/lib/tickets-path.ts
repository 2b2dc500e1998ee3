import { paths } from '@/config/paths';
import type { RoleCode } from '@/domain/roles';
import { isAdminRole, roleTypeOf } from '@/domain/roles';

/** The tickets route of a role: drivers and EV owners have their own, employees theirs, admins `/tickets`. */
export function ticketsPathFor(role: RoleCode | undefined) {
  if (!role) return paths.tickets;
  const type = roleTypeOf(role);
  if (type === 'driver') return paths.driverTickets;
  if (type === 'evOwner') return paths.evOwnerTickets;
  return isAdminRole(role) ? paths.tickets : paths.employeeTickets;
}
