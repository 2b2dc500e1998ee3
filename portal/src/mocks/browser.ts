import { setupWorker } from 'msw/browser';
import { createHandlers } from './handlers';
import { getWorldDb } from './world/world-instance';

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
  // Generate the world before the first request needs it, so the first page does not wait for it.
  await getWorldDb();
}
