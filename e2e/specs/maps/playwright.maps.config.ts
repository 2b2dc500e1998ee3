import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

// Runs only the maps specs without the suite's web servers (portal demo, messenger, widget host), which these specs
// do not use: each spec builds and serves its own harness page. `npx playwright test -c specs/maps/playwright.maps.config.ts`
export default defineConfig({
  ...base,
  testDir: '.',
  webServer: undefined,
  outputDir: '../../.artifacts/results-maps',
});
