import { defineConfig } from '@playwright/test';
import base, { FLEET_SERVER } from '../../playwright.config';

// Runs only the specs against the real Fleet API server, with only that web server (not the demo portal, the messenger
// or the widget host, which these specs do not use): needs the widget and portal production builds, not the demo's.
// `pnpm exec playwright test -c specs/server/playwright.server.config.ts`
export default defineConfig({
  ...base,
  testDir: '.',
  webServer: [FLEET_SERVER],
  outputDir: '../../.artifacts/results-server',
});
