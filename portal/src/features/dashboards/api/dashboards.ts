import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { dashboardKeys } from '@/shared/api/query-keys';
import type { components } from '@/domain/api-schema';
import type { TimeRange } from '../lib/time-range';

type Schemas = components['schemas'];
export type ApiDashboard = Schemas['Dashboard'];
export type DashboardInput = Schemas['DashboardInput'];
export type DashboardPatch = Schemas['DashboardPatch'];

/** The caller's dashboards (their role default when they saved none). */
export function useDashboards() {
  return useQuery({
    queryKey: dashboardKeys.list(),
    queryFn: async () => requireData(await apiClient.GET('/dashboards')),
  });
}

export function useCreateDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DashboardInput) => requireData(await apiClient.POST('/dashboards', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.list() }),
  });
}

export function useUpdateDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: DashboardPatch }) =>
      requireData(await apiClient.PATCH('/dashboards/{id}', { params: { path: { id } }, body: patch })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.list() }),
  });
}

export function useDeleteDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.DELETE('/dashboards/{id}', { params: { path: { id } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.list() }),
  });
}

export function useResetDashboards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => requireData(await apiClient.POST('/dashboards/reset')),
    onSuccess: (list) => queryClient.setQueryData(dashboardKeys.list(), list),
  });
}

const rangeQuery = (range: TimeRange) => ({ from: range.from, to: range.to });

/** Panel aggregates: each hook is only called by its panel, which only renders when the role may see it. */
export function useFleetStatus() {
  return useQuery({
    queryKey: dashboardKeys.data('fleet-status', {}),
    queryFn: async () => requireData(await apiClient.GET('/dashboard-data/fleet-status')),
    refetchInterval: 30_000,
  });
}

export function useFaultSummary(range: TimeRange) {
  return useQuery({
    queryKey: dashboardKeys.data('fault-summary', rangeQuery(range)),
    queryFn: async () =>
      requireData(await apiClient.GET('/dashboard-data/fault-summary', { params: { query: rangeQuery(range) } })),
    placeholderData: keepPreviousData,
  });
}

export function useRecentFaults(range: TimeRange) {
  return useQuery({
    queryKey: dashboardKeys.data('recent-faults', rangeQuery(range)),
    queryFn: async () =>
      requireData(await apiClient.GET('/dashboard-data/recent-faults', { params: { query: rangeQuery(range) } })),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function useSocDistribution() {
  return useQuery({
    queryKey: dashboardKeys.data('soc-distribution', {}),
    queryFn: async () => requireData(await apiClient.GET('/dashboard-data/soc-distribution')),
    refetchInterval: 60_000,
  });
}

/** Energy, distance and utilisation share one aggregate (the energy-distance and utilisation panels). */
export function useActivity(range: TimeRange) {
  return useQuery({
    queryKey: dashboardKeys.data('activity', rangeQuery(range)),
    queryFn: async () =>
      requireData(await apiClient.GET('/dashboard-data/activity', { params: { query: rangeQuery(range) } })),
    placeholderData: keepPreviousData,
  });
}

export function useCharging(range: TimeRange) {
  return useQuery({
    queryKey: dashboardKeys.data('charging', rangeQuery(range)),
    queryFn: async () =>
      requireData(await apiClient.GET('/dashboard-data/charging', { params: { query: rangeQuery(range) } })),
    placeholderData: keepPreviousData,
  });
}

export function useBatteryHealth() {
  return useQuery({
    queryKey: dashboardKeys.data('battery-health', {}),
    queryFn: async () => requireData(await apiClient.GET('/dashboard-data/battery-health')),
  });
}

export function useTicketSummary() {
  return useQuery({
    queryKey: dashboardKeys.data('tickets', {}),
    queryFn: async () => requireData(await apiClient.GET('/dashboard-data/tickets')),
    refetchInterval: 60_000,
  });
}

export function useCo2(range: TimeRange) {
  return useQuery({
    queryKey: dashboardKeys.data('co2', rangeQuery(range)),
    queryFn: async () =>
      requireData(await apiClient.GET('/dashboard-data/co2', { params: { query: rangeQuery(range) } })),
    placeholderData: keepPreviousData,
  });
}

/** Rollouts running or paused; read every 10 s while shown (the demo advances them every second). */
export function useFirmwareRollouts() {
  return useQuery({
    queryKey: dashboardKeys.data('firmware-rollouts', {}),
    queryFn: async () => requireData(await apiClient.GET('/dashboard-data/firmware-rollouts')),
    refetchInterval: 10_000,
  });
}

export function useMyVehicles() {
  return useQuery({
    queryKey: dashboardKeys.data('my-vehicles', {}),
    queryFn: async () => requireData(await apiClient.GET('/dashboard-data/my-vehicles')),
    refetchInterval: 30_000,
  });
}
