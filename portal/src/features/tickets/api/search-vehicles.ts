import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { vehicleKeys } from '@/shared/api/query-keys';

export interface TicketVehicleOption {
  id: string;
  label: string;
}

/** Up to 20 vehicles in the caller's scope matching `q` (VIN or registration), to open a ticket on. */
export async function searchTicketVehicles(q: string): Promise<TicketVehicleOption[]> {
  const page = requireData(
    await apiClient.GET('/vehicles', { params: { query: { q: q || undefined, pageSize: 20, sort: 'vin:asc' } } }),
  );
  return page.items.map((v) => ({ id: v.id, label: `${v.registrationNumber || v.vin} (${v.vin})` }));
}

export function useTicketVehicleSearch(q: string) {
  return useQuery({
    queryKey: vehicleKeys.search('ticket', q),
    queryFn: () => searchTicketVehicles(q),
    placeholderData: keepPreviousData,
  });
}

/** The label of one vehicle (a ticket opened from a vehicle or fault page arrives with its id only). */
export function useTicketVehicle(id: string | null) {
  return useQuery({
    queryKey: vehicleKeys.label(id ?? ''),
    queryFn: async (): Promise<TicketVehicleOption> => {
      const v = requireData(await apiClient.GET('/vehicles/{id}', { params: { path: { id: id as string } } }));
      return { id: v.id, label: `${v.registrationNumber || v.vin} (${v.vin})` };
    },
    enabled: id !== null,
  });
}
