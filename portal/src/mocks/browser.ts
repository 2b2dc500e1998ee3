import { setupWorker } from 'msw/browser';
import { createHandlers } from './handlers';
import { followClock, getWorldDb } from './world/world-instance';

/**
 * Starts the MSW worker of demo mode and opens the demo world (seed and size from `?demoSize=` / settings).
 * Only the API is answered; other requests (assets, fonts, tiles) pass through without warnings.
 */
export async function startDemoWorker(): Promise<void> {
  const worker = setupWorker(...createHandlers());
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
  followClock();
  // Open the world (and its saved changes) before the first request needs it.
  await getWorldDb();
}
