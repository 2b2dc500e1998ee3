import type { components } from '@/shared/api/schema';
import { LATER_WORK } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';

export type ApiSavedLocation = components['schemas']['SavedLocation'];

export interface LocationAnalysisMapProps {
  vehicleId: string;
  locations: readonly ApiSavedLocation[];
}

/** A vehicle's saved locations (Home, Office, Most frequent) on the map with visit heat. */
export function LocationAnalysisMap(_props: LocationAnalysisMapProps) {
  return <ComingLater arrivesWith={LATER_WORK.live} includes={['Saved locations on the map with visit heat']} />;
}
