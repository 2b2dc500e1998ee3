import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { analysisKeys } from '@/shared/api/query-keys';
import type { components } from '@/shared/api/schema';

type Schemas = components['schemas'];
export type AnalysisGroupBy = Schemas['AnalysisGroupBy'];
export type AnalysisSubject = Schemas['AnalysisSubject'];
export type AnalysisComparison = Schemas['AnalysisComparison'];
export type AnalysisSubjectList = Schemas['AnalysisSubjectList'];
export type CarbonReport = Schemas['CarbonReport'];
export type CarbonRow = Schemas['CarbonReport']['byVehicle'][number];

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
}

/** The comparison of the picked subjects over the range; idle until something is picked and the range is valid. */
export function useAnalysisComparison(params: ComparisonParams, enabled: boolean) {
  return useQuery({
    queryKey: analysisKeys.comparison(params),
    queryFn: async () =>
      requireData(
        await apiClient.GET('/analysis/compare', {
          params: { query: { groupBy: params.groupBy, ids: params.ids.join(','), from: params.from, to: params.to } },
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
