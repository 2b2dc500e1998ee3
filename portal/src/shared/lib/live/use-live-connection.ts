import { useSyncExternalStore } from 'react';
import { useLiveController } from './live-context';
import type { LiveConnection } from './live-controller';

/**
 * The live connection state (`idle`, `connecting`, `online`, `reconnecting`, `offline`), attempt count and last
 * error, re-rendering on every change. Meant for the header badge.
 */
export function useLiveConnection(): LiveConnection {
  const controller = useLiveController();
  return useSyncExternalStore(controller.subscribeConnection, controller.getConnection, controller.getConnection);
}
