import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { telemetryKeys } from '@/shared/api/query-keys';

export type ApiTelemetrySeries = components['schemas']['TelemetrySeries'];

/** Whose telemetry: a vehicle's (its model and fitted devices' keys) or one device's. */
export type TelemetrySource = { kind: 'vehicle'; id: string } | { kind: 'device'; id: string };

export interface TelemetryParams {
  source: TelemetrySource;
  from: string;
  to: string;
  points: number;
  keys?: readonly string[];
}

/** Telemetry history, one series per key, `points` evenly spaced samples over [from, to]. */
export async function getTelemetry({ source, from, to, points, keys }: TelemetryParams): Promise<ApiTelemetrySeries[]> {
  const query = { from, to, points, ...(keys && keys.length > 0 ? { keys: keys.join(',') } : {}) };
  const params = { path: { id: source.id }, query };
  const data =
    source.kind === 'vehicle'
      ? requireData(await apiClient.GET('/vehicles/{id}/telemetry', { params }))
      : requireData(await apiClient.GET('/devices/{id}/telemetry', { params }));
  return data.items;
}

export function telemetryQueryOptions(params: TelemetryParams) {
  return queryOptions({
    queryKey: telemetryKeys.series(params.source.kind, params.source.id, params),
    queryFn: () => getTelemetry(params),
    placeholderData: keepPreviousData,
  });
}

export function useTelemetry(params: TelemetryParams, enabled = true) {
  return useQuery({ ...telemetryQueryOptions(params), enabled });
}
