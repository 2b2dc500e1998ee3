import {
  Alert,
  Anchor,
  Button,
  Divider,
  Drawer,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { TICKET_STATUS, type TicketStatus } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import {
  TICKET_MOVE_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_SOURCE_LABELS,
  type TicketPriority,
} from '@/domain/tickets';
import { formatDateTime } from '@/shared/lib/format';
import { ConfirmDialog } from '@/shared/ui/data-table/confirm-dialog';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { notify } from '@/shared/ui/notify';
import { QueryState } from '@/shared/ui/query-state';
import { useCan } from '@/state/use-can';
import { useTicket } from '../api/get-ticket';
import { useLiveTicket } from '../api/use-live-ticket';
import { useTicketAssignees } from '../api/ticket-assignees';
import { useAssignTicket, useMoveTicket, useUpdateTicketPriority } from '../api/ticket-mutations';
import type { ApiTicketDetail } from '../api/ticket-types';
import { SlaTimer, TicketPriorityBadge, TicketStatusBadge } from './ticket-badges';
import { TicketConversation } from './ticket-conversation';

function StatusMoves({ ticket }: { ticket: ApiTicketDetail }) {
  const can = useCan();
  const move = useMoveTicket(ticket.id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const offered = ticket.allowedStatuses.filter((s) =>
    s === TICKET_STATUS.DELETED ? can('t', ACTION.DELETE) : can('t', ACTION.CHANGE_STATUS),
  );
  if (offered.length === 0) return null;
  const go = (status: TicketStatus) =>
    move.mutate(
      { status },
      {
        onSuccess: (t) => {
          setConfirmDelete(false);
          notify.success(`${t.ref} updated`, { description: t.events.at(-1)?.summary });
        },
        onError: (error) => notify.error('The status did not change', { description: errorMessage(error) }),
      },
    );
  return (
    <Group gap="xs" role="group" aria-label="Status moves">
      {offered.map((s) => (
        <Button
          key={s}
          size="xs"
          variant={s === TICKET_STATUS.DELETED ? 'outline' : s === TICKET_STATUS.CLOSED ? 'filled' : 'light'}
          color={s === TICKET_STATUS.DELETED ? 'red' : undefined}
          loading={move.isPending && move.variables?.status === s}
          onClick={() => (s === TICKET_STATUS.DELETED ? setConfirmDelete(true) : go(s))}
        >
          {TICKET_MOVE_LABELS[s]}
        </Button>
      ))}
      <ConfirmDialog
        opened={confirmDelete}
        title={`Delete ${ticket.ref}?`}
        message="A deleted ticket cannot be reopened. Use Close for a ticket that was worked."
        confirmLabel="Delete ticket"
        busy={move.isPending}
        onConfirm={() => go(TICKET_STATUS.DELETED)}
        onClose={() => setConfirmDelete(false)}
      />
    </Group>
  );
}

function Assignment({ ticket }: { ticket: ApiTicketDetail }) {
  const can = useCan();
  const mayAssign = can('t', ACTION.ASSIGN);
  const options = useTicketAssignees(mayAssign);
  const assign = useAssignTicket(ticket.id);
  const [dealerId, setDealerId] = useState<string | null>(ticket.dealerId);
  const [assigneeId, setAssigneeId] = useState<string | null>(ticket.assigneeId);
  useEffect(() => {
    setDealerId(ticket.dealerId);
    setAssigneeId(ticket.assigneeId);
  }, [ticket.dealerId, ticket.assigneeId]);
  const open = ticket.status !== TICKET_STATUS.CLOSED && ticket.status !== TICKET_STATUS.DELETED;
  if (!mayAssign || !open) {
    return (
      <Text size="sm">
        {ticket.dealerName ?? 'No service centre'}
        {ticket.assigneeName ? ` / ${ticket.assigneeName}` : ''}
      </Text>
    );
  }
  const dealers = (options.data?.dealers ?? []).map((d) => ({ value: d.id, label: d.name }));
  const staff = (options.data?.staff ?? [])
    .filter((s) => s.dealerId === dealerId)
    .map((s) => ({ value: s.id, label: s.name }));
  const changed = dealerId !== ticket.dealerId || assigneeId !== ticket.assigneeId;
  return (
    <Stack gap="xs">
      {options.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(options.error)}
        </Alert>
      ) : null}
      <Group grow align="flex-end">
        <Select
          label="Service centre"
          size="xs"
          searchable
          clearable
          data={dealers}
          value={dealerId}
          onChange={(v) => {
            setDealerId(v);
            setAssigneeId(null);
          }}
        />
        <Select
          label="Assignee"
          size="xs"
          searchable
          clearable
          placeholder={dealerId ? 'Anyone of the centre' : 'Choose a centre first'}
          disabled={!dealerId}
          data={staff}
          value={assigneeId}
          onChange={setAssigneeId}
        />
      </Group>
      <Group justify="flex-end">
        <Button
          size="xs"
          disabled={!changed}
          loading={assign.isPending}
          onClick={() =>
            assign.mutate(
              { dealerId, assigneeId },
              {
                onSuccess: (t) => notify.success(`${t.ref} assigned`, { description: t.events.at(-1)?.summary }),
                onError: (error) => notify.error('The ticket was not assigned', { description: errorMessage(error) }),
              },
            )
          }
        >
          Save assignment
        </Button>
      </Group>
    </Stack>
  );
}

function PriorityField({ ticket, staff }: { ticket: ApiTicketDetail; staff: boolean }) {
  const can = useCan();
  const update = useUpdateTicketPriority(ticket.id);
  if (!staff || !can('t', ACTION.UPDATE) || ticket.status === TICKET_STATUS.DELETED)
    return <TicketPriorityBadge priority={ticket.priority} />;
  return (
    <Select
      label="Priority"
      size="xs"
      w={140}
      allowDeselect={false}
      data={TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }))}
      value={ticket.priority}
      disabled={update.isPending}
      onChange={(v) =>
        v &&
        update.mutate(v as TicketPriority, {
          onError: (error) => notify.error('The priority did not change', { description: errorMessage(error) }),
        })
      }
    />
  );
}

export interface TicketDrawerProps {
  ticketId: string | null;
  /** Staff (not a driver or EV owner): sees and writes internal notes, edits priority. */
  staff: boolean;
  onClose: () => void;
}

/** One ticket: SLA clocks, links to what caused it, status moves, assignment, conversation and history. */
export function TicketDrawer({ ticketId, staff, onClose }: TicketDrawerProps) {
  const can = useCan();
  const query = useTicket(ticketId);
  // The visitor's answer (widget conversations) shows without a reload.
  useLiveTicket(query.data);
  return (
    <Drawer
      opened={ticketId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={query.data ? `${query.data.ref}: ${query.data.title}` : 'Ticket'}
    >
      <QueryState query={query} what="ticket">
        {(t) => (
          <Stack gap="md">
            <Group gap="sm">
              <TicketStatusBadge status={t.status} />
              <PriorityField ticket={t} staff={staff} />
            </Group>
            <SimpleGrid cols={2} spacing="xs">
              <Text size="sm" c="dimmed">
                Vehicle
              </Text>
              <Anchor component={Link} to={paths.vehicleDetails.href(t.vehicleId)} size="sm">
                {t.vehicleLabel}
              </Anchor>
              {t.faultId ? (
                <>
                  <Text size="sm" c="dimmed">
                    Caused by
                  </Text>
                  <Anchor component={Link} to={paths.faultDetails.href(t.faultId)} size="sm">
                    Fault and its telemetry
                  </Anchor>
                </>
              ) : null}
              <Text size="sm" c="dimmed">
                Source
              </Text>
              <Text size="sm">{TICKET_SOURCE_LABELS[t.source]}</Text>
              <Text size="sm" c="dimmed">
                Opened
              </Text>
              <Text size="sm">
                {formatDateTime(t.createdAt)} by {t.createdByName}
              </Text>
              <Text size="sm" c="dimmed">
                First response
              </Text>
              <SlaTimer target={t.sla.firstResponse} />
              <Text size="sm" c="dimmed">
                Resolution
              </Text>
              <SlaTimer target={t.sla.resolution} />
            </SimpleGrid>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {t.description}
            </Text>
            <StatusMoves ticket={t} />
            <Divider label="Assignment" labelPosition="left" />
            <Assignment ticket={t} />
            <Divider label="Conversation" labelPosition="left" />
            <TicketConversation
              ticketId={t.id}
              messages={t.messages}
              canWrite={can('t', ACTION.UPDATE) && t.status !== TICKET_STATUS.DELETED}
              canWriteNotes={staff}
            />
            <Divider label="History" labelPosition="left" />
            <Timeline bulletSize={12} lineWidth={2}>
              {t.events.map((e) => (
                <Timeline.Item key={e.id} color={e.type === 'escalated' ? 'red' : undefined}>
                  <Text size="sm">{e.summary}</Text>
                  <Text size="xs" c="dimmed">
                    {e.actorName}, {formatDateTime(e.occurredAt)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Stack>
        )}
      </QueryState>
    </Drawer>
  );
}
