import type { components } from '@/shared/api/schema';
import { LATER_WORK } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';

export type ApiTrip = components['schemas']['Trip'];

export interface TripPlaybackProps {
  vehicleId: string;
  trip: ApiTrip;
}

/**
 * A trip on the map: its route from telemetry history, playback with speed control and a scrubber
 * (`activeTripIndex`, `activeOffset`), stops, and speed and SoC charts synchronised with the position.
 * Used by the vehicle details' Trip Analysis tab for the selected trip.
 */
export function TripPlayback(_props: TripPlaybackProps) {
  return (
    <ComingLater
      arrivesWith={LATER_WORK.live}
      includes={['The trip route on the map with playback, stops, and speed and SoC charts']}
    />
  );
}
