/**
 * Where the suite's servers listen. `playwright.config.ts` sets these variables from the ports it serves on (free ones
 * picked by `scripts/test.mjs`), so every spec and helper reads its URLs here and no spec names a port.
 */
export const PORTAL_URL = process.env.PORTAL_URL ?? 'http://127.0.0.1:4373';
export const MESSENGER_URL = process.env.MESSENGER_URL ?? 'http://127.0.0.1:4390/';
export const HOST_ORIGIN = process.env.WIDGET_HOST_ORIGIN ?? 'http://127.0.0.1:4391';
/** The Fleet API server `npm start` runs (the production portal, `/api`, MQTT at `/mqtt`), started for specs/server. */
export const FLEET_SERVER_URL = process.env.FLEET_SERVER_URL ?? 'http://127.0.0.1:4392';
