import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { ApiCommand } from './list-commands';
import { commandKeys } from '@/shared/api/query-keys';

/** Sends a command of the vehicle's model (or of a fitted device's model); the answer is the pending command. */
export async function sendVehicleCommand(vehicleId: string, code: string): Promise<ApiCommand> {
  return requireData(
    await apiClient.POST('/vehicles/{id}/commands', { params: { path: { id: vehicleId } }, body: { code } }),
  );
}

/** Sends a command and refreshes the vehicle's command history. */
export function useSendCommand(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => sendVehicleCommand(vehicleId, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commandKeys.forVehicle(vehicleId) }),
  });
}
