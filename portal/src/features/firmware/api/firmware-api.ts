import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { firmwareKeys } from '@/shared/api/query-keys';
import type { components } from '@/domain/api-schema';
import { toRangedListQuery } from '@/shared/ui/data-table/date-range';
import { type ListParams, toListQuery } from '@/shared/ui/data-table/use-list-params';

type Schemas = components['schemas'];
export type ApiFirmwareRelease = Schemas['FirmwareRelease'];
export type FirmwareReleaseInput = Schemas['FirmwareReleaseInput'];
export type ApiFirmwareRollout = Schemas['FirmwareRollout'];
export type FirmwareRolloutInput = Schemas['FirmwareRolloutInput'];
export type ApiOtaUpdate = Schemas['OtaUpdate'];
export type RolloutPolicy = Schemas['RolloutPolicy'];

/** How often an open rollout is read again when no live OTA progress arrives (the live feed refreshes it sooner). */
export const ROLLOUT_REFRESH_MS = 5_000;
/** The shortest time between two reads of an open rollout that its live progress summaries ask for (decision 0100). */
export const ROLLOUT_LIVE_READ_MS = 1_000;
export const OTA_EXPORT_LIMIT = 10_000;

export function useFirmwareReleases(params: ListParams) {
  return useQuery({
    queryKey: firmwareKeys.releases(params),
    queryFn: async () =>
      requireData(await apiClient.GET('/firmware-releases', { params: { query: toListQuery(params) } })),
    placeholderData: keepPreviousData,
  });
}

/** Releases to pick from (newest first), e.g. in the rollout form. */
export function useReleaseOptions(q: string) {
  return useFirmwareReleases({
    page: 1,
    pageSize: 50,
    sort: { field: 'createdAt', direction: 'desc' },
    q,
    filters: {},
  });
}

export function useFirmwareRollouts(params: ListParams) {
  return useQuery({
    queryKey: firmwareKeys.rollouts(params),
    queryFn: async () =>
      requireData(await apiClient.GET('/firmware-rollouts', { params: { query: toListQuery(params) } })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((r) => r.status === 'running' || r.status === 'paused') ? ROLLOUT_REFRESH_MS : false,
  });
}

const isOpen = (r: ApiFirmwareRollout | undefined) =>
  r?.status === 'running' || r?.status === 'paused' || (r?.status === 'cancelled' && !r.finishedAt);

export function useFirmwareRollout(id: string) {
  return useQuery({
    queryKey: firmwareKeys.rollout(id),
    queryFn: async () => requireData(await apiClient.GET('/firmware-rollouts/{id}', { params: { path: { id } } })),
    refetchInterval: (query) => (isOpen(query.state.data) ? ROLLOUT_REFRESH_MS : false),
  });
}

export function useRolloutDevices(id: string, params: ListParams, open: boolean) {
  return useQuery({
    queryKey: firmwareKeys.rolloutDevices(id, params),
    queryFn: async () =>
      requireData(
        await apiClient.GET('/firmware-rollouts/{id}/devices', {
          params: { path: { id }, query: toListQuery(params) },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: open ? ROLLOUT_REFRESH_MS : false,
  });
}

export async function listOtaUpdates(params: ListParams) {
  return requireData(await apiClient.GET('/ota-updates', { params: { query: toRangedListQuery(params) } }));
}

export function useOtaUpdates(params: ListParams) {
  return useQuery({
    queryKey: firmwareKeys.history(params),
    queryFn: () => listOtaUpdates(params),
    placeholderData: keepPreviousData,
  });
}

/** Every update that matches the params (up to the export limit), page by page. */
export async function listAllOtaUpdates(params: ListParams) {
  const items: ApiOtaUpdate[] = [];
  let total = 0;
  for (let page = 1; items.length < OTA_EXPORT_LIMIT; page += 1) {
    const answer = await listOtaUpdates({ ...params, page, pageSize: 1000 });
    total = answer.total;
    items.push(...answer.items);
    if (answer.items.length < 1000 || items.length >= total) break;
  }
  return { items, total };
}

function useFirmwareMutation<TVars, TData>(fn: (vars: TVars) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: firmwareKeys.all }) });
}

export function useCreateRelease() {
  return useFirmwareMutation(async (body: FirmwareReleaseInput) =>
    requireData(await apiClient.POST('/firmware-releases', { body })),
  );
}

export function useStartRollout() {
  return useFirmwareMutation(async (body: FirmwareRolloutInput) =>
    requireData(await apiClient.POST('/firmware-rollouts', { body })),
  );
}

export type RolloutAction = 'pause' | 'resume' | 'cancel' | 'rollback';

export function useRolloutAction() {
  return useFirmwareMutation(async ({ id, action }: { id: string; action: RolloutAction }) => {
    const path = { params: { path: { id } } };
    switch (action) {
      case 'pause':
        return requireData(await apiClient.POST('/firmware-rollouts/{id}/pause', path));
      case 'resume':
        return requireData(await apiClient.POST('/firmware-rollouts/{id}/resume', path));
      case 'cancel':
        return requireData(await apiClient.POST('/firmware-rollouts/{id}/cancel', path));
      default:
        return requireData(await apiClient.POST('/firmware-rollouts/{id}/rollback', path));
    }
  });
}
