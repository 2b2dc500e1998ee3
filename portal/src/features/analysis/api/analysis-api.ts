import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { analysisKeys } from '@/shared/api/query-keys';
import type { components } from '@/domain/api-schema';

type Schemas = components['schemas'];
export type AnalysisGroupBy = Schemas['AnalysisGroupBy'];
export type AnalysisSubject = Schemas['AnalysisSubject'];
export type AnalysisComparison = Schemas['AnalysisComparison'];
export type AnalysisSubjectList = Schemas['AnalysisSubjectList'];
export type CarbonReport = Schemas['CarbonReport'];
export type CarbonRow = Schemas['CarbonReport']['byVehicle'][number];
export type SavedCarbonSettings = Schemas['CarbonSettings'];
export type CarbonSettingsInput = Schemas['CarbonSettingsInput'];
export type AnalysisExportInput = Schemas['AnalysisExportInput'];

/** Vehicles, models or fleets in the caller's scope matching `q` (at most 50), with the data window. */
export function useAnalysisSubjects(groupBy: AnalysisGroupBy, q: string) {
  return useQuery({
    queryKey: analysisKeys.subjects(groupBy, q),
    queryFn: async () =>
      requireData(await apiClient.GET('/analysis/subjects', { params: { query: { groupBy, ...(q ? { q } : {}) } } })),
    placeholderData: keepPreviousData,
  });
}

export interface ComparisonParams {
  groupBy: AnalysisGroupBy;
  ids: readonly string[];
  from: string;
  to: string;
  /** Without ids: compare this many that drove the farthest in the range (the page's opening comparison). */
  top?: number;
}

/** The comparison of the picked subjects over the range; idle until something is picked and the range is valid. */
export function useAnalysisComparison(params: ComparisonParams, enabled: boolean) {
  return useQuery({
    queryKey: analysisKeys.comparison(params),
    queryFn: async () =>
      requireData(
        await apiClient.GET('/analysis/compare', {
          params: {
            query: {
              groupBy: params.groupBy,
              ...(params.ids.length > 0 ? { ids: params.ids.join(',') } : params.top ? { top: params.top } : {}),
              from: params.from,
              to: params.to,
            },
          },
        }),
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export interface CarbonParams {
  from: string;
  to: string;
  fleetId?: string;
  gridIntensity: number;
  chargingLossPct: number;
  baseline2w: number;
  baseline3w: number;
  baseline2wSource?: string;
  baseline3wSource?: string;
  /** `City:0.65,Other:0.7` */
  regions?: string;
}

export function useCarbonReport(params: CarbonParams, enabled: boolean) {
  return useQuery({
    queryKey: analysisKeys.carbon(params),
    queryFn: async () => requireData(await apiClient.GET('/analysis/carbon', { params: { query: params } })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The carbon method settings of the caller's organisation (its saved ones, else the defaults). */
export function useCarbonSettings() {
  return useQuery({
    queryKey: analysisKeys.carbonSettings(),
    queryFn: async () => requireData(await apiClient.GET('/analysis/carbon-settings')),
  });
}

/** Saves the organisation's carbon settings; its reports are asked again with them. */
export function useSaveCarbonSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CarbonSettingsInput) =>
      requireData(await apiClient.PUT('/analysis/carbon-settings', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(analysisKeys.carbonSettings(), saved);
      return queryClient.invalidateQueries({ queryKey: analysisKeys.all });
    },
  });
}

/** Records an export in the audit history; the file is made only after this succeeds (decision 0094). */
export function useRecordAnalysisExport() {
  return useMutation({
    mutationFn: async (body: AnalysisExportInput) => requireData(await apiClient.POST('/analysis/exports', { body })),
  });
}
