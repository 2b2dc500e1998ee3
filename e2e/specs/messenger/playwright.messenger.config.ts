import { defineConfig } from '@playwright/test';
import base, { PORTS } from '../../playwright.config';

// Runs only the messenger specs, with just the two servers they use (messenger build, widget host with /sdk), on the
// suite's ports (see playwright.config.ts), never reusing a server:
// `pnpm exec playwright test -c specs/messenger/playwright.messenger.config.ts` (build sdk and messenger first).
const MESSENGER_PORT = PORTS.messenger;
const HOST_PORT = PORTS.widgetHost;

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
