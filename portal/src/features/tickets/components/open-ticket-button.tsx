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
}

/** "Open ticket": the caller's tickets page with the new-ticket form filled from a fault, vehicle or notification. */
export function OpenTicketButton({ vehicleId, source, faultId, notificationId, title }: OpenTicketButtonProps) {
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
      variant="default"
      leftSection={<IconLifebuoy size={16} />}
    >
      Open ticket
    </Button>
  );
}
