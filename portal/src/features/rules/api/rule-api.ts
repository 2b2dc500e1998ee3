import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { ruleKeys } from '@/shared/api/query-keys';
import type { components } from '@/domain/api-schema';
import { type ListParams, toListQuery } from '@/shared/ui/data-table/use-list-params';

export type ApiRule = components['schemas']['Rule'];
export type RuleInput = components['schemas']['RuleInput'];
export type RuleTestResult = components['schemas']['RuleTestResult'];
export type ApiModel = components['schemas']['Model'];

/** How often the rule list refreshes its "last fired" column while open. */
export const RULE_LIST_REFRESH_MS = 10_000;

export async function listRules(params: ListParams) {
  return requireData(await apiClient.GET('/rules', { params: { query: toListQuery(params) } }));
}

export function useRuleList(params: ListParams) {
  return useQuery(
    queryOptions({
      queryKey: ruleKeys.list(params),
      queryFn: () => listRules(params),
      placeholderData: keepPreviousData,
      refetchInterval: RULE_LIST_REFRESH_MS,
    }),
  );
}

export function useRule(id: string | null) {
  return useQuery({
    queryKey: ruleKeys.detail(id ?? ''),
    queryFn: async () => requireData(await apiClient.GET('/rules/{id}', { params: { path: { id: id ?? '' } } })),
    enabled: id !== null,
  });
}

/** Creates (no id) or updates a rule, then refreshes the rule queries. */
export function useSaveRule(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RuleInput): Promise<ApiRule> =>
      id
        ? requireData(await apiClient.PATCH('/rules/{id}', { params: { path: { id } }, body: input }))
        : requireData(await apiClient.POST('/rules', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all }),
  });
}

type RuleAction = 'clone' | 'enable' | 'disable';

/** Clone, enable or disable a rule. */
export function useRuleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: RuleAction }): Promise<ApiRule> => {
      const path = { params: { path: { id } } };
      if (action === 'clone') return requireData(await apiClient.POST('/rules/{id}/clone', path));
      if (action === 'enable') return requireData(await apiClient.POST('/rules/{id}/enable', path));
      return requireData(await apiClient.POST('/rules/{id}/disable', path));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all }),
  });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      // Non-2xx answers reject in the client's middleware.
      await apiClient.DELETE('/rules/{id}', { params: { path: { id } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all }),
  });
}

/** "Test this rule": when the draft would have fired over the last hour. */
export function useTestRule() {
  return useMutation({
    mutationFn: async (input: RuleInput): Promise<RuleTestResult> =>
      requireData(await apiClient.POST('/rules/test', { body: input })),
  });
}

/** The models of a kind (of one OEM, or every OEM the caller sees): the Model picker and the telemetry template. */
export function useRuleModels(kind: string, oemId: string | null) {
  return useQuery({
    queryKey: ruleKeys.models(kind, oemId),
    queryFn: async () =>
      requireData(
        await apiClient.GET('/models', {
          params: {
            query: { pageSize: 200, sort: 'name:asc', filter: oemId ? { kind, oemId } : { kind } },
          },
        }),
      ).items,
  });
}

export function useRuleOems(enabled: boolean) {
  return useQuery({
    queryKey: ruleKeys.oems(),
    queryFn: async () =>
      requireData(await apiClient.GET('/oems', { params: { query: { pageSize: 100, sort: 'name:asc' } } })).items,
    enabled,
  });
}

/** The label and unit of each telemetry key, by device kind ("BMS:maxCellTemp"), from the models the caller sees. */
export function useTelemetryKeyLabels() {
  return useQuery({
    queryKey: ruleKeys.keyLabels(),
    queryFn: async () => {
      const models = requireData(await apiClient.GET('/models', { params: { query: { pageSize: 200 } } })).items;
      const labels = new Map<string, { label: string; unit: string }>();
      for (const m of models)
        for (const k of m.telemetryTemplate) labels.set(`${m.kind}:${k.key}`, { label: k.label, unit: k.unit });
      return labels;
    },
    staleTime: 5 * 60_000,
  });
}
