import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

// Runs only the messenger specs, with just the two servers they use (messenger build, widget host with /sdk), on
// ports of their own so a run never reuses another checkout's servers:
// `pnpm exec playwright test -c specs/messenger/playwright.messenger.config.ts` (build sdk and messenger first).
const MESSENGER_PORT = Number(process.env.MESSENGER_PORT ?? 4380);
const HOST_PORT = Number(process.env.WIDGET_HOST_PORT ?? 4381);
process.env.MESSENGER_URL ??= `http://127.0.0.1:${MESSENGER_PORT}/`;
process.env.WIDGET_HOST_ORIGIN ??= `http://127.0.0.1:${HOST_PORT}`;

export default defineConfig({
  ...base,
  testDir: '.',
  outputDir: '../../.artifacts/results-messenger',
  webServer: [
    {
      command: `node ../../servers/static.mjs --port ${MESSENGER_PORT} --root ../../../messenger/dist`,
      url: `http://127.0.0.1:${MESSENGER_PORT}/`,
      reuseExistingServer: false,
    },
    {
      command: `node ../../servers/static.mjs --port ${HOST_PORT} --root ../widget --mount /sdk=../../../sdk/dist`,
      url: `http://127.0.0.1:${HOST_PORT}/sdk/index.js`,
      reuseExistingServer: false,
    },
  ],
});
