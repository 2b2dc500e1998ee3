import { Button, Drawer, Group, Loader } from '@mantine/core';
import { IconPlayerPlay, IconUpload } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths, type RoutePageProps } from '@/config/paths';
import { ACTION } from '@/domain/permissions';
import {
  type ApiFirmwareRollout,
  useCreateRelease,
  useFirmwareReleases,
  useFirmwareRollouts,
  useStartRollout,
} from '@/features/firmware/api/firmware-api';
import {
  RELEASE_FILTER_KEYS,
  RELEASE_FILTERS,
  RELEASE_HIDDEN_BY_DEFAULT,
  releaseColumns,
} from '@/features/firmware/components/release-columns';
import { ROLLOUT_COLUMNS, ROLLOUT_FILTER_KEYS, ROLLOUT_FILTERS } from '@/features/firmware/components/rollout-columns';
import { DEVICE_TYPE_LABELS } from '@/features/firmware/lib/release-fields';
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

  const releaseColumnList = useMemo(() => releaseColumns(canRollOut ? rollOut : null), [canRollOut, rollOut]);

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
              columns={releaseColumnList}
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
              columns={ROLLOUT_COLUMNS}
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
