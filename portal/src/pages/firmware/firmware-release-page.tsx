import { Badge, Button, Code, Drawer, Group, Loader, Progress, Text } from '@mantine/core';
import { IconPlayerPlay, IconUpload } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths, type RoutePageProps } from '@/config/paths';
import { ACTION } from '@/domain/permissions';
import {
  type ApiFirmwareRelease,
  type ApiFirmwareRollout,
  useCreateRelease,
  useFirmwareReleases,
  useFirmwareRollouts,
  useStartRollout,
} from '@/features/firmware/api/firmware-api';
import { DEVICE_TYPE_LABELS } from '@/features/firmware/lib/release-fields';
import { formatDateTime } from '@/shared/lib/format';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { RowActions } from '@/shared/ui/data-table/row-actions';
import { UrlList } from '@/shared/ui/data-table/url-list';
import { notify } from '@/shared/ui/notify';
import { DialogLoading } from '@/shared/ui/dialog-loading';
import { PageHeader } from '@/shared/ui/page-header';
import { UrlTabs } from '@/shared/ui/url-tabs';
import { useCan } from '@/state/use-can';

// The rollout detail (live progress, device table) is its own chunk: it loads when a rollout is opened.
const RolloutDetail = lazy(() => import('@/features/firmware/components/rollout-detail'));
// So are the two forms (react-hook-form, zod, the file hash): each loads when it is first opened.
const ReleaseUploadModal = lazy(() =>
  import('@/features/firmware/components/release-upload-modal').then((m) => ({ default: m.ReleaseUploadModal })),
);
const RolloutFormModal = lazy(() =>
  import('@/features/firmware/components/rollout-form-modal').then((m) => ({ default: m.RolloutFormModal })),
);

const TABS = [
  { id: 'releases', label: 'Releases' },
  { id: 'rollouts', label: 'Rollouts' },
] as const;
const RELEASE_FILTER_KEYS = ['deviceType'] as const;
const RELEASE_FILTERS: FilterDef[] = [
  {
    key: 'deviceType',
    label: 'Device kind',
    options: Object.entries(DEVICE_TYPE_LABELS).map(([value, label]) => ({ value, label })),
  },
];
const ROLLOUT_FILTER_KEYS = ['status'] as const;
const ROLLOUT_FILTERS: FilterDef[] = [
  {
    key: 'status',
    label: 'Status',
    options: ['running', 'paused', 'cancelled', 'completed'].map((s) => ({
      value: s,
      label: s[0]?.toUpperCase() + s.slice(1),
    })),
  },
];
const STATUS_COLOURS = { running: 'blue', paused: 'yellow', cancelled: 'gray', completed: 'teal' } as const;

function bytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `${Math.max(1, Math.round(n / 1024))} KiB`;
}

/**
 * Release columns left to the column chooser at first, so the table and its Roll out menu fit a 1280 px screen with
 * the side navigation open (#20). The file name and version range stay: they are what a rollout is checked against.
 */
const RELEASE_HIDDEN_BY_DEFAULT = ['sha256', 'replacesVersion', 'compatibleHardware'] as const;

const rel = createColumnHelper<ApiFirmwareRelease>();
const rol = createColumnHelper<ApiFirmwareRollout>();

/** Firmware releases per device kind and model, and their staged rollouts with live progress (FOTA). */
export function FirmwareReleasePage({ route }: RoutePageProps) {
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const [uploading, setUploading] = useState(false);
  const [rolloutFor, setRolloutFor] = useState<string | null>(null);
  // Each form is mounted from its first open on, so it closes with its transition and opens at once the next time.
  const [uploadedOnce, setUploadedOnce] = useState(false);
  const [rolledOutOnce, setRolledOutOnce] = useState(false);
  const upload = () => {
    setUploadedOnce(true);
    setUploading(true);
  };
  const rollOut = useCallback((releaseId: string) => {
    setRolledOutOnce(true);
    setRolloutFor(releaseId);
  }, []);
  const createRelease = useCreateRelease();
  const startRollout = useStartRollout();
  const openId = search.get('rollout');
  const canUpload = can('FOTA', ACTION.ADD);
  const canRollOut = can('FOTA', ACTION.ASSIGN);

  const openRollout = (id: string | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) {
          next.set('rollout', id);
          next.set('tab', 'rollouts');
        } else next.delete('rollout');
        return next;
      },
      { replace: false },
    );

  const releaseColumns = useMemo(
    () => [
      rel.accessor('version', { header: 'Version', size: 110, meta: { label: 'Version', sortField: 'version' } }),
      rel.accessor('deviceType', {
        header: 'Kind',
        size: 80,
        meta: { label: 'Kind', sortField: 'deviceType' },
        cell: (c) => DEVICE_TYPE_LABELS[c.getValue()],
      }),
      rel.accessor('modelName', {
        header: 'Model',
        size: 160,
        meta: { label: 'Model' },
        cell: (c) => c.getValue() ?? 'All loggers',
      }),
      rel.accessor('fileName', {
        header: 'File',
        size: 200,
        meta: { label: 'File' },
        cell: (c) => `${c.getValue()} · ${bytes(c.row.original.fileSize)}`,
      }),
      rel.accessor('sha256', {
        header: 'SHA-256',
        size: 140,
        meta: { label: 'SHA-256' },
        cell: (c) => <Code title={c.getValue()}>{c.getValue().slice(0, 12)}…</Code>,
      }),
      rel.accessor('replacesVersion', {
        header: 'Replaces',
        size: 100,
        meta: { label: 'Replaces' },
        cell: (c) => c.getValue() ?? '—',
      }),
      rel.display({
        id: 'range',
        header: 'For versions',
        size: 140,
        meta: { label: 'For versions' },
        cell: (c) => `${c.row.original.currentVersionMin ?? 'any'} – ${c.row.original.currentVersionMax ?? 'any'}`,
      }),
      rel.accessor('compatibleHardware', {
        header: 'Hardware',
        size: 130,
        meta: { label: 'Hardware' },
        cell: (c) => c.getValue().join(', ') || 'any',
      }),
      rel.accessor('createdAt', {
        header: 'Uploaded',
        size: 170,
        meta: { label: 'Uploaded', sortField: 'createdAt' },
        cell: (c) => formatDateTime(c.getValue()),
      }),
      ...(canRollOut
        ? [
            rel.display({
              id: 'actions',
              header: '',
              size: 60,
              cell: (c) => (
                <RowActions
                  name={`release ${c.row.original.version}`}
                  actions={[
                    {
                      label: 'Roll out',
                      icon: <IconPlayerPlay size={16} />,
                      onClick: () => rollOut(c.row.original.id),
                    },
                  ]}
                />
              ),
            }),
          ]
        : []),
    ],
    [canRollOut, rollOut],
  );

  const rolloutColumns = useMemo(
    () => [
      rol.accessor('version', { header: 'Version', size: 110, meta: { label: 'Version' } }),
      rol.accessor('deviceType', {
        header: 'Kind',
        size: 80,
        meta: { label: 'Kind' },
        cell: (c) => DEVICE_TYPE_LABELS[c.getValue()],
      }),
      rol.accessor('targetLabel', { header: 'Target', size: 260, meta: { label: 'Target' } }),
      rol.accessor('status', {
        header: 'Status',
        size: 110,
        meta: { label: 'Status', sortField: 'status' },
        cell: (c) => (
          <Badge color={STATUS_COLOURS[c.getValue()]} variant="light">
            {c.getValue()}
          </Badge>
        ),
      }),
      rol.display({
        id: 'progress',
        header: 'Progress',
        size: 200,
        meta: { label: 'Progress' },
        cell: (c) => {
          const r = c.row.original;
          const done = r.waves.reduce((n, w) => n + w.completed + w.failed, 0);
          const failed = r.waves.reduce((n, w) => n + w.failed, 0);
          return (
            <Group gap={6} wrap="nowrap">
              {/* No width transition: the list reads running rollouts every 5 s (decision 0100). */}
              <Progress.Root
                w={110}
                transitionDuration={0}
                role="group"
                aria-label={`${done} of ${r.deviceCount} finished`}
              >
                <Progress.Section
                  value={((done - failed) / Math.max(1, r.deviceCount)) * 100}
                  color="teal"
                  aria-label="Completed"
                />
                <Progress.Section value={(failed / Math.max(1, r.deviceCount)) * 100} color="red" aria-label="Failed" />
              </Progress.Root>
              <Text size="xs">
                {done}/{r.deviceCount}
              </Text>
            </Group>
          );
        },
      }),
      rol.display({
        id: 'wave',
        header: 'Wave',
        size: 80,
        meta: { label: 'Wave' },
        cell: (c) => `${c.row.original.currentWave + 1} of ${c.row.original.waveCount}`,
      }),
      rol.accessor('createdAt', {
        header: 'Started',
        size: 170,
        meta: { label: 'Started', sortField: 'createdAt' },
        cell: (c) => formatDateTime(c.getValue()),
      }),
    ],
    [],
  );

  return (
    <>
      <PageHeader
        title={route.title}
        description="Firmware releases per device kind and model, rolled out in waves with live progress."
        actions={
          <Group gap="xs">
            {canRollOut ? (
              <Button variant="default" leftSection={<IconPlayerPlay size={16} />} onClick={() => rollOut('')}>
                Start rollout
              </Button>
            ) : null}
            {canUpload ? (
              <Button leftSection={<IconUpload size={16} />} onClick={upload}>
                Upload release
              </Button>
            ) : null}
          </Group>
        }
      />
      <UrlTabs
        label="Firmware"
        tabs={TABS}
        renderPanel={(tab) =>
          tab.id === 'releases' ? (
            <UrlList
              filterKeys={RELEASE_FILTER_KEYS}
              useList={useFirmwareReleases}
              searchLabel="Search releases"
              filterDefs={RELEASE_FILTERS}
              label="Firmware releases"
              tableId="firmware-releases"
              columns={releaseColumns}
              hiddenByDefault={RELEASE_HIDDEN_BY_DEFAULT}
              getRowId={(r) => r.id}
              emptyText="No release matches."
            />
          ) : (
            <UrlList
              filterKeys={ROLLOUT_FILTER_KEYS}
              useList={useFirmwareRollouts}
              searchLabel="Search rollouts"
              filterDefs={ROLLOUT_FILTERS}
              label="Rollouts"
              tableId="firmware-rollouts"
              columns={rolloutColumns}
              getRowId={(r) => r.id}
              rowHref={(r: ApiFirmwareRollout) => paths.firmwareRelease.href({ tab: 'rollouts', rollout: r.id })}
              rowLabel={(r) => `Open the rollout of ${r.version} to ${r.targetLabel}`}
              emptyText={canRollOut ? 'No rollout yet. Start one from a release.' : 'No rollout yet.'}
            />
          )
        }
      />
      <Drawer opened={openId !== null} onClose={() => openRollout(null)} position="right" size="xl" title="Rollout">
        {openId ? (
          <Suspense fallback={<Loader aria-label="Loading the rollout" />}>
            <RolloutDetail id={openId} />
          </Suspense>
        ) : null}
      </Drawer>
      {uploadedOnce ? (
        <Suspense
          fallback={
            uploading ? <DialogLoading label="Loading the upload form" onClose={() => setUploading(false)} /> : null
          }
        >
          <ReleaseUploadModal
            opened={uploading}
            onClose={() => setUploading(false)}
            onSubmit={async (body) => {
              const release = await createRelease.mutateAsync(body);
              notify.success(`Uploaded ${DEVICE_TYPE_LABELS[release.deviceType]} firmware ${release.version}`, {
                description: release.replacesVersion ? `It replaces ${release.replacesVersion}.` : undefined,
              });
              setUploading(false);
            }}
          />
        </Suspense>
      ) : null}
      {rolledOutOnce ? (
        <Suspense
          fallback={
            rolloutFor !== null ? (
              <DialogLoading label="Loading the rollout form" onClose={() => setRolloutFor(null)} />
            ) : null
          }
        >
          <RolloutFormModal
            opened={rolloutFor !== null}
            releaseId={rolloutFor || undefined}
            onClose={() => setRolloutFor(null)}
            onSubmit={async (body) => {
              const rollout = await startRollout.mutateAsync(body);
              notify.success(`Started the rollout of ${rollout.version}`, {
                description: `${rollout.deviceCount} devices in ${rollout.waveCount} wave${rollout.waveCount === 1 ? '' : 's'}.`,
              });
              setRolloutFor(null);
              openRollout(rollout.id);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
