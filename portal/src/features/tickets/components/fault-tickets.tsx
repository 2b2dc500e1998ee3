import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { QueryState } from '@/shared/ui/query-state';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { useTicketList } from '../api/list-tickets';
import { ticketsPathFor } from '../lib/tickets-path';
import { SlaTimer, TicketStatusBadge } from './ticket-badges';

/** The tickets opened for one fault, each a link to its detail; nothing for a role without tickets. */
export function FaultTickets({ faultId }: { faultId: string }) {
  const can = useCan();
  const role = useAppState((s) => s.auth.user?.role);
  const query = useTicketList({ page: 1, pageSize: 10, sort: null, q: '', filters: { faultId } });
  if (!can('t')) return null;
  return (
    <QueryState
      query={query}
      what="tickets"
      isEmpty={(page) => page.items.length === 0}
      emptyText="No ticket was opened for this fault."
    >
      {(page) => (
        <Stack gap="xs" aria-label="Tickets of this fault">
          {page.items.map((t) => (
            <Group key={t.id} gap="sm" wrap="nowrap">
              <Anchor component={Link} to={ticketsPathFor(role).href({ ticket: t.id })} size="sm" fw={500}>
                {t.ref}
              </Anchor>
              <Text size="sm" lineClamp={1}>
                {t.title}
              </Text>
              <TicketStatusBadge status={t.status} />
              <SlaTimer target={t.sla.resolution} />
            </Group>
          ))}
        </Stack>
      )}
    </QueryState>
  );
}
