import { useEffect, useMemo } from 'react';
import { useLiveController } from './live-context';

/**
 * Declares the topics a screen shows now; they are released when the component unmounts. Pass a stable `owner`
 * per screen part (`'vehicle-list'`, `'vehicle-details'`, `'fleet-map'`); the array may be new on every render.
 *
 * @example
 * useLiveInterest('vehicle-list', visibleRows.map((row) => topics.vehicleTelemetryFilter(row.uid)));
 */
export function useLiveInterest(owner: string, topics: readonly string[]): void {
  const controller = useLiveController();
  // Compare by content so that a fresh array with the same topics does not touch the controller.
  const key = useMemo(() => [...new Set(topics)].sort().join('\n'), [topics]);
  useEffect(() => {
    controller.setInterest(owner, key === '' ? [] : key.split('\n'));
  }, [controller, owner, key]);
  useEffect(() => () => controller.clearInterest(owner), [controller, owner]);
}
