import type { components } from '@/domain/api-schema';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { toApiError } from '@/shared/api/api-client';
import { notify } from '@/shared/ui/notify';
import { useAppState } from '@/state/store-context';
import { type ApiCommand, useCommands } from '../api/list-commands';
import { useSendCommand } from '../api/send-command';
import { effectiveCommandStatus } from './command-status';
import { StatusBadge } from './command-status-badge';
import { formatDateTime } from '@/shared/lib/format';
import { type CompactColumn, CompactTable } from '@/shared/ui/data-table/compact-table';
import { QueryState } from '@/shared/ui/query-state';
import { useNow } from '../hooks/use-now';
import { DialogLoading } from '@/shared/ui/dialog-loading';

/** The send form loads on its first open (issue 37 item 11): most visits to the tab never open it. */
const SendCommandDialog = lazy(() => import('./send-command-dialog').then((m) => ({ default: m.SendCommandDialog })));

const PAGE_SIZE = 10;
const getCommandId = (c: ApiCommand) => c.id;

export type CommandChoice = components['schemas']['ModelCommand'];

export interface CommandsPanelProps {
  vehicleId: string;
  /** Only this device's commands (BMS/MCU/VCU details). */
  deviceId?: string;
  /** The commands the user may choose from (the vehicle model's, or the device model's). */
  choices: readonly CommandChoice[];
  /** Whether the choices are still loading. */
  choicesLoading?: boolean;
  /** The Send Command permission with its Add bit. */
  canSend: boolean;
  /** Time-out after which a command without acknowledgement shows Failed (tests shorten it). */
  ackTimeoutMs?: number;
}

/**
 * A vehicle's (or device's) command history with Pending/Success/Failed, and a form to send one of the model's
 * commands. A pending command turns to Success or Failed as soon as its acknowledgement arrives live (or a refetch
 * settles it), or to Failed after the time-out.
 */
export function CommandsPanel({
  vehicleId,
  deviceId,
  choices,
  choicesLoading,
  canSend,
  ackTimeoutMs,
}: CommandsPanelProps) {
  const [page, setPage] = useState(1);
  const [code, setCode] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const query = useCommands({ vehicleId, deviceId, page, pageSize: PAGE_SIZE });
  const send = useSendCommand(vehicleId);
  const acks = useAppState((s) => s.vehicle.commandAcknowledge);
  const anyPending = query.data?.items.some((c) => c.status === 1) ?? false;
  const now = useNow(anyPending);

  const chosen = choices.find((c) => c.code === code);
  // Parameters and typed confirmation are filled in the send form of the command history (decision 0073), opened here
  // for this vehicle with the chosen command.
  const needsForm = chosen && (chosen.safetyCritical || (chosen.parameters?.length ?? 0) > 0) ? chosen : null;

  const closeForm = () => {
    setFormOpen(false);
    setCode(null);
    setPage(1);
  };

  const handleSend = () => {
    if (!code) {
      setFieldError('Choose a command to send.');
      return;
    }
    setFieldError(null);
    if (needsForm) {
      setFormOpen(true);
      return;
    }
    send.mutate(code, {
      onSuccess: (command) => {
        notify.info(`${command.name} sent`, { description: 'Waiting for the device to acknowledge it.' });
        setPage(1);
        setCode(null);
      },
      onError: (error) => {
        const apiError = toApiError(error);
        setFieldError(apiError.fieldErrors?.code ?? null);
        notify.error('The command was not sent', { description: apiError.message });
      },
    });
  };

  const statusOf = (command: ApiCommand) => effectiveCommandStatus(command, acks, now, ackTimeoutMs);
  const columns: CompactColumn<ApiCommand>[] = [
    {
      header: 'Command',
      cell: (command) => (
        <>
          <Text size="sm" fw={500}>
            {command.name}
          </Text>
          <Text size="xs" c="dimmed">
            {command.code}
          </Text>
        </>
      ),
    },
    { header: 'Device', cell: (command) => command.deviceKind },
    { header: 'Kind', cell: (command) => command.kind },
    { header: 'Sent', cell: (command) => formatDateTime(command.sentAt, true) },
    {
      header: 'Acknowledged',
      cell: (command) => {
        const ack = acks[command.id];
        const live = statusOf(command).source === 'live' && ack?.ts ? new Date(ack.ts).toISOString() : null;
        return formatDateTime(command.acknowledgedAt ?? live, true);
      },
    },
    { header: 'Status', cell: (command) => <StatusBadge effective={statusOf(command)} /> },
  ];

  return (
    <Stack>
      {canSend ? (
        <Group align="flex-end">
          <Select
            label="Command"
            placeholder={choicesLoading ? 'Loading commands…' : 'Choose a command'}
            data={choices.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
            value={code}
            onChange={setCode}
            error={fieldError}
            disabled={choicesLoading || choices.length === 0}
            searchable
            w={320}
          />
          <Button onClick={handleSend} loading={send.isPending}>
            {needsForm ? 'Fill in and send…' : 'Send command'}
          </Button>
        </Group>
      ) : null}
      {canSend && needsForm ? (
        <Text size="sm" c="dimmed">
          {needsForm.name}{' '}
          {needsForm.safetyCritical
            ? 'is safety-critical: its form asks for its parameters and a typed confirmation.'
            : 'takes parameters: its form checks them before sending.'}
        </Text>
      ) : null}
      {formOpen && needsForm ? (
        <Suspense fallback={<DialogLoading label="Loading the send dialog" onClose={closeForm} />}>
          <SendCommandDialog
            opened
            onClose={closeForm}
            canUseGroups={false}
            fixedVehicle={{ value: vehicleId, label: vehicleId }}
            initialCode={needsForm.code}
          />
        </Suspense>
      ) : null}
      {canSend && !choicesLoading && choices.length === 0 ? (
        <Alert color="gray">This model defines no commands.</Alert>
      ) : null}
      <QueryState
        query={query}
        what="commands"
        isEmpty={(data) => data.items.length === 0}
        emptyText="No commands were sent yet."
      >
        {(data) => (
          <>
            <CompactTable
              label="Command history"
              highlightOnHover
              columns={columns}
              rows={data.items}
              getRowId={getCommandId}
              rowProps={(command) => ({ 'data-command-id': command.id })}
              paging={{ page, pageSize: PAGE_SIZE, total: data.total, onPageChange: setPage, label: 'Command pages' }}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
