import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. WebGL (maps) runs on SwiftShader.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const PORTS = { portal: 4173, messenger: 4280, widgetHost: 4281 } as const;

export default defineConfig({
  testDir: './specs',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  outputDir: './.artifacts/results',
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--enable-unsafe-swiftshader',
        '--use-angle=swiftshader',
      ],
    },
  },
  webServer: [
    {
      command: `node servers/static.mjs --port ${PORTS.portal} --root ../portal/dist-demo --spa --mount /messenger=../messenger/dist --mount /widget=../sdk/dist/umd`,
      url: `http://127.0.0.1:${PORTS.portal}/`,
      reuseExistingServer: !process.env.CI,
    },
    {
      command: `node servers/static.mjs --port ${PORTS.messenger} --root ../messenger/dist`,
      url: `http://127.0.0.1:${PORTS.messenger}/`,
      reuseExistingServer: !process.env.CI,
    },
    {
      command: `node servers/static.mjs --port ${PORTS.widgetHost} --root ./specs/widget --mount /sdk=../sdk/dist`,
      url: `http://127.0.0.1:${PORTS.widgetHost}/sdk/index.js`,
      reuseExistingServer: !process.env.CI,
    },
  ],
});
