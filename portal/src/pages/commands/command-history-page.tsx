import { Anchor, Badge, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths, type RoutePageProps } from '@/config/paths';
import { formatCommandPayload } from '@/domain/command-params';
import { COMMAND_KINDS, COMMAND_STATUS_LABELS } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import { formatDateTime } from '@/shared/lib/format';
import { dayBoundary } from '@/shared/ui/data-table/date-range';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { type HistoryCsvExport, HistoryListPage } from '@/shared/ui/history-list-page';
import { useCan } from '@/state/use-can';
import { COMMAND_EXPORT_LIMIT, listAllCommands, useCommandHistory } from '@/features/commands/api/command-history';
import type { ApiCommand } from '@/features/commands/api/list-commands';
import { LiveAcknowledgedAt, LiveCommandStatus } from '@/features/commands/components/command-status-badge';
import { DialogLoading } from '@/shared/ui/dialog-loading';

// The send dialog (targets, pickers, parameter fields) is its own chunk: it loads when it is first opened.
const SendCommandDialog = lazy(() =>
  import('@/features/commands/components/send-command-dialog').then((m) => ({ default: m.SendCommandDialog })),
);

const FILTER_KEYS = ['kind', 'status', 'vehicleId', 'from', 'to'] as const;
const FILTER_DEFS: FilterDef[] = [
  { key: 'kind', label: 'Kind', options: COMMAND_KINDS.map((k) => ({ value: k, label: k })) },
  {
    key: 'status',
    label: 'Status',
    options: ([1, 2, 3] as const).map((s) => ({ value: String(s), label: COMMAND_STATUS_LABELS[s] })),
  },
];
const CSV_COLUMNS = [
  'sentAt',
  'acknowledgedAt',
  'expiresAt',
  'status',
  'kind',
  'code',
  'name',
  'payload',
  'vehicleVin',
  'vehicleRegistration',
  'deviceKind',
  'deviceId',
  'sentBy',
  'failureReason',
  'id',
];
/** Offered by the column chooser, hidden at first. */
const HIDDEN_BY_DEFAULT = ['deviceKind', 'expiresAt'] as const;
const getCommandId = (c: ApiCommand) => c.id;
const rowLabel = (c: ApiCommand) => `${c.name} to ${c.vehicleVin ?? c.vehicleId}`;
const when = (iso: string | null) => formatDateTime(iso, true);

/**
 * A command's code, and under the name its payload when it has one (`mode=Normal`): in the Command cell rather than
 * a column of its own, so the list fits 1440 px (issue 18 item 11); a long payload is cut, whole in its tooltip.
 */
function CommandCodeAndPayload({ command }: { command: ApiCommand }) {
  const payload = formatCommandPayload(command.payload);
  return (
    <Text size="xs" c="dimmed" truncate title={payload || undefined}>
      {command.code}
      {payload ? (
        <Text span size="xs" ff="monospace">
          {` · ${payload}`}
        </Text>
      ) : null}
    </Text>
  );
}

/** Who or what sent a command: the user, the rule, or the firmware rollout. */
function senderOf(c: ApiCommand): string {
  if (c.kind === 'Rule') return `Rule: ${c.ruleName ?? c.ruleId ?? 'unknown'}`;
  if (c.kind === 'OTA') return 'Firmware update';
  return c.sentByName ?? c.sentBy ?? '—';
}

const CSV_EXPORT: HistoryCsvExport<ApiCommand> = {
  subject: 'the command history',
  fileName: 'command-history.csv',
  noun: 'commands',
  limit: COMMAND_EXPORT_LIMIT,
  columns: CSV_COLUMNS,
  listAll: listAllCommands,
  toRow: (c) => ({
    ...c,
    status: COMMAND_STATUS_LABELS[c.status],
    payload: formatCommandPayload(c.payload),
    sentBy: senderOf(c),
  }),
};

const col = createColumnHelper<ApiCommand>();

function useColumns(canOpenVehicle: boolean, onlyVehicle: (c: ApiCommand) => void) {
  return useMemo(
    () => [
      col.accessor('sentAt', {
        header: 'Sent',
        size: 190,
        meta: { label: 'Sent', sortField: 'sentAt' },
        cell: (c) => when(c.getValue()),
      }),
      col.accessor('name', {
        header: 'Command',
        size: 200,
        meta: { label: 'Command', sortField: 'code' },
        cell: (c) => (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {c.row.original.name}
            </Text>
            <CommandCodeAndPayload command={c.row.original} />
          </Stack>
        ),
      }),
      col.accessor('kind', {
        header: 'Kind',
        size: 90,
        meta: { label: 'Kind', sortField: 'kind' },
        cell: (c) => <Badge variant="outline">{c.getValue()}</Badge>,
      }),
      col.accessor('status', {
        header: 'Status',
        size: 150,
        meta: { label: 'Status', sortField: 'status' },
        cell: (c) => <LiveCommandStatus command={c.row.original} />,
      }),
      col.accessor((c) => c.vehicleVin ?? c.vehicleId, {
        id: 'vehicle',
        header: 'Vehicle',
        size: 290,
        meta: { label: 'Vehicle', sortField: 'vehicleId' },
        cell: (c) => {
          const row = c.row.original;
          const vin = row.vehicleVin ?? row.vehicleId;
          return (
            <Group gap={4} wrap="nowrap" justify="space-between">
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                {canOpenVehicle ? (
                  <Anchor
                    component={Link}
                    to={paths.vehicleDetails.href(row.vehicleId, { tab: 'commands' })}
                    size="sm"
                    onClick={(e) => e.stopPropagation()}
                  >
                    {vin}
                  </Anchor>
                ) : (
                  <Text size="sm">{vin}</Text>
                )}
                <Text size="xs" c="dimmed" truncate>
                  {row.vehicleRegistration ?? ''}
                  {row.deviceKind !== 'EV' ? ` · ${row.deviceKind} ${row.deviceId ?? ''}` : ''}
                </Text>
              </Stack>
              <Button
                variant="subtle"
                size="xs"
                px={6}
                aria-label={`Only this vehicle: commands to ${vin}`}
                onClick={(e) => {
                  e.stopPropagation();
                  onlyVehicle(row);
                }}
              >
                Only this
              </Button>
            </Group>
          );
        },
      }),
      col.accessor(senderOf, { id: 'sender', header: 'Sent by', size: 190, meta: { label: 'Sent by' } }),
      col.accessor('acknowledgedAt', {
        header: 'Acknowledged',
        size: 180,
        meta: { label: 'Acknowledged', sortField: 'acknowledgedAt' },
        cell: (c) => <LiveAcknowledgedAt command={c.row.original} format={when} />,
      }),
      col.accessor('deviceKind', { header: 'Device', size: 80, meta: { label: 'Device kind' } }),
      col.accessor((c) => c.expiresAt ?? null, {
        id: 'expiresAt',
        header: 'Expires',
        size: 180,
        meta: { label: 'Expires' },
        cell: (c) => when(c.getValue()),
      }),
    ],
    [canOpenVehicle, onlyVehicle],
  );
}

/** Every command across the fleet: filters, search, live acknowledgements, export, and sending a new one. */
export function CommandHistoryPage({ route }: RoutePageProps) {
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const [sending, setSending] = useState(false);
  // Mounted from its first open on, so it closes with its transition and opens at once the next time.
  const [sentOnce, setSentOnce] = useState(false);
  const [vehicleLabels, setVehicleLabels] = useState<Record<string, string>>({});

  // The row button is in memoised columns: refs keep it stable while the URL (and React Router's setter) change.
  const latest = useRef({ search, setSearch });
  latest.current = { search, setSearch };
  const [onlyVehicle] = useState(() => (c: ApiCommand) => {
    const next = new URLSearchParams(latest.current.search);
    next.set('vehicleId', c.vehicleId);
    next.delete('page');
    setVehicleLabels((labels) => ({ ...labels, [c.vehicleId]: c.vehicleVin ?? c.vehicleId }));
    latest.current.setSearch(next);
  });
  const columns = useColumns(can('vh.l.d'), onlyVehicle);
  const vehicleId = search.get('vehicleId');
  const clearVehicle = () => {
    const next = new URLSearchParams(search);
    next.delete('vehicleId');
    next.delete('page');
    setSearch(next);
  };

  // The history's current filter, as a send target ("the vehicles of these commands").
  const currentFilter = useMemo(() => {
    const filter: Record<string, string> = {};
    for (const key of ['kind', 'status', 'vehicleId', 'q'] as const) {
      const value = search.get(key);
      if (value) filter[key] = value;
    }
    const from = dayBoundary(search.get('from') ?? undefined, false);
    const to = dayBoundary(search.get('to') ?? undefined, true);
    if (from) filter.from = from;
    if (to) filter.to = to;
    const parts = [
      filter.kind ? `kind ${filter.kind}` : null,
      filter.status ? `status ${COMMAND_STATUS_LABELS[Number(filter.status) as 1 | 2 | 3]}` : null,
      filter.vehicleId ? `vehicle ${vehicleLabels[filter.vehicleId] ?? filter.vehicleId}` : null,
      filter.q ? `matching “${filter.q}”` : null,
      search.get('from') ? `sent from ${search.get('from')}` : null,
      search.get('to') ? `sent until ${search.get('to')}` : null,
    ].filter(Boolean);
    if (parts.length === 0) return null;
    return {
      filter,
      description: `Every vehicle with a command of ${parts.join(', ')} in the history below.`,
    };
  }, [search, vehicleLabels]);

  return (
    <HistoryListPage
      title={route.title}
      description="Every command sent to the fleet's devices, by people, rules and firmware updates, with its outcome."
      csvExport={can('cmd', ACTION.EXPORT) ? CSV_EXPORT : undefined}
      primaryAction={
        can('cmd', ACTION.ADD) ? (
          <Button
            leftSection={<IconSend size={16} />}
            onClick={() => {
              setSentOnce(true);
              setSending(true);
            }}
          >
            Send command
          </Button>
        ) : null
      }
      filterAside={
        vehicleId ? (
          <Badge
            size="lg"
            variant="light"
            rightSection={<CloseButton size="xs" aria-label="Show every vehicle" onClick={clearVehicle} />}
          >
            Vehicle: {vehicleLabels[vehicleId] ?? vehicleId}
          </Badge>
        ) : null
      }
      filterKeys={FILTER_KEYS}
      useList={useCommandHistory}
      searchLabel="Search commands, vehicles, senders"
      filterDefs={FILTER_DEFS}
      rowLabel={rowLabel}
      label="Command history"
      tableId="command-history"
      columns={columns}
      hiddenByDefault={HIDDEN_BY_DEFAULT}
      getRowId={getCommandId}
      emptyText="No commands match these filters."
    >
      {can('cmd', ACTION.ADD) && sentOnce ? (
        <Suspense
          fallback={
            sending ? <DialogLoading label="Loading the send dialog" onClose={() => setSending(false)} /> : null
          }
        >
          <SendCommandDialog
            opened={sending}
            onClose={() => setSending(false)}
            currentFilter={currentFilter}
            canUseGroups={can('su.DG')}
          />
        </Suspense>
      ) : null}
    </HistoryListPage>
  );
}
