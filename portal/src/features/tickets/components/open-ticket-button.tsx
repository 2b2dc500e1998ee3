import { Button } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ACTION } from '@/domain/permissions';
import type { TicketSource } from '@/domain/tickets';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { ticketsPathFor } from '../lib/tickets-path';

export interface OpenTicketButtonProps {
  vehicleId: string;
  source: Extract<TicketSource, 'fault' | 'vehicle' | 'notification'>;
  faultId?: string;
  notificationId?: string;
  /** The ticket's title to start with (the fault's name). */
  title?: string;
  /** A small button in a table row, named after what it opens a ticket for. */
  compact?: boolean;
}

/** "Open ticket": the caller's tickets page with the new-ticket form filled from a fault, vehicle or notification. */
export function OpenTicketButton({
  vehicleId,
  source,
  faultId,
  notificationId,
  title,
  compact,
}: OpenTicketButtonProps) {
  const can = useCan();
  const role = useAppState((s) => s.auth.user?.role);
  if (!can('t', ACTION.ADD)) return null;
  const search: Record<string, string> = { new: '1', source, vehicleId };
  if (faultId) search.faultId = faultId;
  if (notificationId) search.notificationId = notificationId;
  if (title) search.title = title;
  return (
    <Button
      component={Link}
      to={ticketsPathFor(role).href(search)}
      variant={compact ? 'light' : 'default'}
      size={compact ? 'xs' : 'sm'}
      leftSection={<IconLifebuoy size={compact ? 14 : 16} />}
      aria-label={compact && title ? `Open ticket for ${title}` : undefined}
    >
      Open ticket
    </Button>
  );
}
