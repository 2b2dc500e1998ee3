import { paths } from '@/config/paths';
import { useCan } from '@/state/use-can';

const vehicleDetailsHref = (vehicleId: string) => paths.vehicleDetails.href(vehicleId);

/** Where a map's vehicle links to: its details page when the user may open it (`vh.l.d`), else nowhere. */
export function useVehicleDetailsHref(): ((vehicleId: string) => string) | null {
  const can = useCan();
  return can('vh.l.d') ? vehicleDetailsHref : null;
}
