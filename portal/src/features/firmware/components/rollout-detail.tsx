import { Alert, Badge, Button, Group, NativeSelect, Paper, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { memo, useRef, useState } from 'react';
import { ACTION } from '@/domain/permissions';
import { firmwareKeys } from '@/shared/api/query-keys';
import { formatDateTime } from '@/shared/lib/format';
import { topics } from '@/shared/lib/live/topics';
import { useLiveEvents } from '@/shared/lib/live/use-live-events';
import { ConfirmDialog } from '@/shared/ui/data-table/confirm-dialog';
import { DataTable } from '@/shared/ui/data-table/data-table';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import type { ListParams, ListSort } from '@/shared/ui/data-table/use-list-params';
import { notify } from '@/shared/ui/notify';
import { QueryState } from '@/shared/ui/query-state';
import { useCan } from '@/state/use-can';
import {
  type ApiFirmwareRollout,
  type ApiOtaUpdate,
  ROLLOUT_LIVE_READ_MS,
  type RolloutAction,
  useFirmwareRollout,
  useRolloutAction,
  useRolloutDevices,
} from '../api/firmware-api';
import { OtaStatusBadge } from './ota-status-badge';

const STATUS_COLOURS = { running: 'blue', paused: 'yellow', cancelled: 'gray', completed: 'teal' } as const;
type Wave = ApiFirmwareRollout['waves'][number];

/**
 * One progress bar (a wave or the whole rollout), memoised on its counts. Striped, not animated, and without a width
 * transition: a moving stripe repaints every frame for as long as devices install, and a 100 ms width transition
 * lays out and paints six frames for each once-a-second refresh, where one is enough.
 */
const WaveBar = memo(function WaveBar({
  total,
  completed,
  failed,
  inProgress,
  label,
}: Pick<Wave, 'total' | 'completed' | 'failed' | 'inProgress'> & { label: string }) {
  const wave = { total, completed, failed, inProgress };
  const share = (n: number) => (wave.total === 0 ? 0 : (n / wave.total) * 100);
  const done = wave.completed + wave.failed;
  return (
    <Progress.Root
      size="lg"
      transitionDuration={0}
      role="group"
      aria-label={`${label}: ${done} of ${wave.total} finished`}
    >
      <Progress.Section value={share(wave.completed)} color="teal" aria-label={`${label}: completed`} />
      <Progress.Section value={share(wave.failed)} color="red" aria-label={`${label}: failed`} />
      <Progress.Section value={share(wave.inProgress)} color="blue" striped aria-label={`${label}: in progress`} />
    </Progress.Root>
  );
});

const col = createColumnHelper<ApiOtaUpdate>();
const PHASE_FILTER = [
  { value: '', label: 'Every device' },
  { value: 'installing', label: 'In progress' },
  { value: 'waiting', label: 'Waiting (precondition)' },
  { value: 'failed', label: 'Failed' },
  { value: 'completed', label: 'Completed' },
  { value: 'queued', label: 'Queued' },
];

/** The device table's columns (fixed: the table re-renders only when its page of devices changes). */
const DEVICE_COLUMNS = [
  col.accessor('deviceSerial', {
    header: 'Device',
    size: 170,
    meta: { label: 'Device', sortField: 'deviceSerial' },
  }),
  col.accessor('wave', {
    header: 'Wave',
    size: 70,
    meta: { label: 'Wave', sortField: 'wave' },
    cell: (c) => c.getValue() + 1,
  }),
  col.accessor('status', {
    header: 'Status',
    size: 150,
    meta: { label: 'Status', sortField: 'status' },
    cell: (c) => <OtaStatusBadge update={c.row.original} />,
  }),
  col.accessor('progress', {
    header: 'Progress',
    size: 140,
    meta: { label: 'Progress' },
    cell: (c) => (
      <Progress.Root transitionDuration={0}>
        <Progress.Section
          value={c.getValue()}
          color={c.row.original.status === 3 ? 'red' : c.row.original.status === 2 ? 'teal' : 'blue'}
          aria-label={`${c.row.original.deviceSerial} progress`}
        />
      </Progress.Root>
    ),
  }),
  col.display({
    id: 'versions',
    header: 'From → to',
    size: 130,
    meta: { label: 'From → to' },
    cell: (c) => `${c.row.original.fromVersion} → ${c.row.original.toVersion}`,
  }),
  col.accessor('attempt', {
    header: 'Attempt',
    size: 80,
    meta: { label: 'Attempt' },
    cell: (c) => c.getValue() + 1,
  }),
  col.display({
    id: 'reason',
    header: 'Reason',
    size: 320,
    meta: { label: 'Reason' },
    cell: (c) => c.row.original.waitingReason ?? c.row.original.failureReason ?? '',
  }),
];

/**
 * The rollout's devices, a server page at a time. Its own component (memoised on the rollout id, version and whether
 * it is open), so the rollout's refreshes once a second while devices report do not render the table again; it reads
 * its page again every few seconds while the rollout is open.
 */
const RolloutDevices = memo(function RolloutDevices({
  id,
  version,
  open,
}: {
  id: string;
  version: string;
  open: boolean;
}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [sort, setSort] = useState<ListSort | null>(null);
  const [phase, setPhase] = useState('');
  const params: ListParams = { page, pageSize, sort, q: '', filters: phase ? { phase } : {} };
  const devices = useRolloutDevices(id, params, open);
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Title order={4}>Devices</Title>
        <NativeSelect
          label="Show"
          value={phase}
          onChange={(e) => {
            setPhase(e.currentTarget.value);
            setPage(1);
          }}
          data={PHASE_FILTER}
        />
      </Group>
      <DataTable
        label={`Devices of the rollout of ${version}`}
        tableId="firmware-rollout-devices"
        columns={DEVICE_COLUMNS}
        rows={devices.data?.items}
        total={devices.data?.total ?? 0}
        getRowId={(u) => u.id}
        page={page}
        pageSize={pageSize}
        sort={sort}
        onPageChange={setPage}
        onPageSizeChange={(s) => {
          setPageSize(s);
          setPage(1);
        }}
        onSortChange={setSort}
        isLoading={devices.isLoading}
        isFetching={devices.isFetching}
        error={devices.error}
        onRetry={() => void devices.refetch()}
        emptyText="No device matches."
        height={420}
      />
    </>
  );
});

export interface RolloutDetailProps {
  id: string;
}

/**
 * One rollout live: overall and per-wave progress, why it paused, each device's progress with the reason it waits or
 * failed; pause, resume, cancel (confirmed) and rollback by their action bits. OTA progress from the live connection
 * refreshes it at once; without it, an open rollout is read again every few seconds.
 */
export default function RolloutDetail({ id }: RolloutDetailProps) {
  const can = useCan();
  const client = useQueryClient();
  const query = useFirmwareRollout(id);
  const rollout = query.data;
  const open =
    rollout?.status === 'running' ||
    rollout?.status === 'paused' ||
    (rollout?.status === 'cancelled' && !rollout.finishedAt);
  const action = useRolloutAction();
  const [confirmCancel, setConfirmCancel] = useState(false);

  // Live progress while the rollout is open: its own summary topic (one message a second while it changes), never
  // every device's OTA topic, which brings thousands of messages a second in a large rollout (decision 0100).
  // Refresh this rollout (exactly: not its device table under the same key, which reads its page every 5 s) when it
  // reports, at most once a second: at once when the last read is a second old, else when it will be. (Holding every
  // read back a full second from the summary that asked for it, as before, missed the next summary, which came while
  // the read was held: the rollout was read every 2 s or so.)
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastRead = useRef(0);
  const liveTopics = open && rollout ? [topics.rolloutProgress(rollout.id)] : [];
  useLiveEvents(`firmware-rollout-${id}`, liveTopics, 'rollout-progress', {
    // Listen only: the refetched rollout renders, not each event.
    max: 0,
    onEvent: (event) => {
      if (event.rolloutId !== id || pending.current) return;
      pending.current = setTimeout(
        () => {
          pending.current = null;
          lastRead.current = Date.now();
          void client.invalidateQueries({ queryKey: firmwareKeys.rollout(id), exact: true });
        },
        Math.max(0, lastRead.current + ROLLOUT_LIVE_READ_MS - Date.now()),
      );
    },
  });

  const run = async (kind: RolloutAction) => {
    try {
      const next = await action.mutateAsync({ id, action: kind });
      const verb = { pause: 'Paused', resume: 'Resumed', cancel: 'Cancelled', rollback: 'Started a rollback of' }[kind];
      notify.success(`${verb} the rollout`, {
        description: kind === 'rollback' ? `${next.targetLabel}: re-deploying ${next.version}.` : undefined,
      });
    } catch (error) {
      notify.error(`Could not ${kind} the rollout`, { description: errorMessage(error) });
    } finally {
      setConfirmCancel(false);
    }
  };

  return (
    <QueryState query={query} what="rollout">
      {(r) => {
        const total = r.waves.reduce(
          (sum, w) => ({
            total: sum.total + w.total - w.skipped,
            completed: sum.completed + w.completed,
            failed: sum.failed + w.failed,
            inProgress: sum.inProgress + w.inProgress,
          }),
          { total: 0, completed: 0, failed: 0, inProgress: 0 },
        );
        const failed = total.failed;
        return (
          <Stack gap="md">
            <Group justify="space-between" align="flex-start">
              <div>
                <Title order={3}>
                  {r.deviceType} {r.version}
                </Title>
                <Text size="sm" c="dimmed">
                  {r.targetLabel} · {r.deviceCount} device{r.deviceCount === 1 ? '' : 's'} in {r.waveCount} wave
                  {r.waveCount === 1 ? '' : 's'} · started {formatDateTime(r.startedAt)}
                </Text>
              </div>
              <Badge size="lg" color={STATUS_COLOURS[r.status]} aria-label={`Rollout ${r.status}`}>
                {r.status}
              </Badge>
            </Group>
            {r.pauseReason ? (
              <Alert color="yellow" title="Paused" role="status">
                {r.pauseReason}
              </Alert>
            ) : null}
            <Group gap="xs">
              {r.status === 'running' && can('FOTA', ACTION.CHANGE_STATUS) ? (
                <Button variant="default" loading={action.isPending} onClick={() => void run('pause')}>
                  Pause
                </Button>
              ) : null}
              {r.status === 'paused' && can('FOTA', ACTION.CHANGE_STATUS) ? (
                <Button loading={action.isPending} onClick={() => void run('resume')}>
                  Resume
                </Button>
              ) : null}
              {(r.status === 'running' || r.status === 'paused') && can('FOTA', ACTION.DELETE) ? (
                <Button color="red" variant="light" onClick={() => setConfirmCancel(true)}>
                  Cancel rollout
                </Button>
              ) : null}
              {failed > 0 && r.targetKind !== 'rollback' && can('FOTA', ACTION.ASSIGN) ? (
                <Tooltip label="Re-deploys the release this one replaced to the devices that failed">
                  <Button
                    variant="light"
                    color="orange"
                    loading={action.isPending}
                    onClick={() => void run('rollback')}
                  >
                    Roll back {failed} failed
                  </Button>
                </Tooltip>
              ) : null}
            </Group>
            <Paper withBorder p="sm">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={500}>Overall</Text>
                  <Text size="sm" data-testid="rollout-overall">
                    {total.completed} completed · {total.failed} failed · {total.inProgress} in progress · {total.total}{' '}
                    devices
                  </Text>
                </Group>
                <WaveBar {...total} label="Overall" />
                {r.waves.map((w) => {
                  const label = `Wave ${w.wave + 1}${w.wave === 0 && r.policy.canaryPercent > 0 && r.waveCount > 1 ? ' (canary)' : ''}`;
                  const current = w.wave === r.currentWave && r.status !== 'completed';
                  return (
                    <Stack key={w.wave} gap={2} data-testid={`rollout-wave-${w.wave + 1}`}>
                      <Group justify="space-between">
                        <Text size="sm" fw={current ? 600 : 400}>
                          {label}
                          {current ? ' · current' : ''}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {w.completed} completed · {w.failed} failed · {w.inProgress} in progress · {w.waiting} waiting
                          {w.skipped ? ` · ${w.skipped} cancelled` : ''} · of {w.total}
                        </Text>
                      </Group>
                      <WaveBar
                        total={w.total}
                        completed={w.completed}
                        failed={w.failed}
                        inProgress={w.inProgress}
                        label={label}
                      />
                    </Stack>
                  );
                })}
                {r.nextWaveAt && r.status === 'running' ? (
                  <Text size="xs" c="dimmed">
                    Next wave starts at {formatDateTime(r.nextWaveAt, true)}.
                  </Text>
                ) : null}
              </Stack>
            </Paper>
            <RolloutDevices id={id} version={r.version} open={open} />
            <ConfirmDialog
              opened={confirmCancel}
              title="Cancel this rollout?"
              message={`Devices not yet sent the update will not get ${r.version}; devices installing now finish. This cannot be undone.`}
              confirmLabel="Cancel rollout"
              busy={action.isPending}
              onConfirm={() => void run('cancel')}
              onClose={() => setConfirmCancel(false)}
            />
          </Stack>
        );
      }}
    </QueryState>
  );
}
