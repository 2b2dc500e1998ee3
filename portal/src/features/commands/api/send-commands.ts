import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { commandKeys } from '@/shared/api/query-keys';
import type { components } from '@/domain/api-schema';

export type CommandTarget = components['schemas']['CommandTarget'];
export type CommandSendRequest = components['schemas']['CommandSendRequest'];
export type CommandSendResult = components['schemas']['CommandSendResult'];
export type CommandTargetPreview = components['schemas']['CommandTargetPreview'];
export type TargetCommand = CommandTargetPreview['commands'][number];

/** The vehicles a target reaches and the commands their models offer. */
export async function previewCommandTarget(target: CommandTarget): Promise<CommandTargetPreview> {
  return requireData(await apiClient.POST('/commands/preview', { body: { target } }));
}

/** The preview of a complete target (none while the target is still being chosen). */
export function useCommandTarget(target: CommandTarget | null) {
  return useQuery({
    queryKey: commandKeys.target(target ?? {}),
    queryFn: () => previewCommandTarget(target as CommandTarget),
    enabled: target !== null,
    placeholderData: keepPreviousData,
  });
}

export async function sendCommands(request: CommandSendRequest): Promise<CommandSendResult> {
  return requireData(await apiClient.POST('/commands/send', { body: request }));
}

/** Sends a command to a target; every command list (history and vehicle tabs) refreshes after. */
export function useSendCommands() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCommands,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commandKeys.all }),
  });
}
