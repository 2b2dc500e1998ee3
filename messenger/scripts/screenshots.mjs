// Screenshots of the messenger inside a host page that plays the widget (scripts/preview-host), in Debian's Chromium.
// Usage (after `pnpm build`): node scripts/screenshots.mjs [outDir]. Writes PNGs to messenger/.screenshots by default.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const require = createRequire(here('../../e2e/package.json'));
const { chromium } = require('@playwright/test');
const { startStaticServer } = await import(here('../../e2e/servers/static.mjs'));

const outDir = process.argv[2] ?? here('../.screenshots');
mkdirSync(outDir, { recursive: true });
const MESSENGER = 'http://127.0.0.1:4290/';
const HOST = 'http://127.0.0.1:4291/';

const servers = [
  await startStaticServer({ port: 4290, root: here('../dist') }),
  await startStaticServer({ port: 4291, root: here('./preview-host') }),
];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });

async function open(query, viewport = { width: 1000, height: 760 }) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${HOST}?${new URLSearchParams({ messenger: MESSENGER, ...query })}`);
  const frame = page.frameLocator('#frame');
  return { page, frame, errors };
}

async function shot(page, name) {
  const file = `${outDir}/${name}.png`;
  await page.screenshot({ path: file });
  console.log(`screenshot: ${file}`);
}

try {
  {
    const { page, frame, errors } = await open({ name: 'Ana Silva', email: 'ana@example.com' });
    await frame.getByRole('button', { name: 'Report a bug' }).waitFor();
    await shot(page, '1-home');
    await frame.getByRole('button', { name: 'Report a bug' }).click();
    await frame.getByLabel('Description').waitFor();
    await shot(page, '2-form');
    await frame.getByRole('button', { name: 'Send' }).click();
    await shot(page, '3-form-errors');
    await frame.getByLabel('Description').fill('The checkout button does nothing when the cart has a coupon.');
    await frame.getByRole('radio', { name: 'Screenshot' }).check();
    await frame.getByText('Screenshot attached.').waitFor();
    await frame.getByRole('button', { name: 'Send' }).click();
    await frame.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await shot(page, '4-success');
    const sent = await page.evaluate(() => window.received.find((m) => m.name === 'send-feedback'));
    console.log('send-feedback:', JSON.stringify(sent));
    if (errors.length) console.log('errors:', errors);
    await page.close();
  }
  {
    const { page, frame } = await open({
      answer: 'fail',
      flow: 'feedback',
      config: JSON.stringify({ headerColor: '#FFD400', buttonColor: '#111827', borderRadius: 8 }),
    });
    await frame.getByLabel('Description').fill('Please add a dark mode.');
    await frame.getByRole('button', { name: 'Send' }).click();
    await frame.getByRole('alert').waitFor();
    await shot(page, '5-failure');
    await page.close();
  }
  {
    const { page, frame } = await open({ name: 'Ana', email: '' }, { width: 390, height: 760 });
    await frame.getByRole('button', { name: 'Send feedback' }).waitFor();
    await shot(page, '6-mobile-home');
    await frame.getByRole('button', { name: 'Send feedback' }).click();
    await frame.getByLabel('Description').waitFor();
    await shot(page, '7-mobile-form');
    await page.close();
  }
  {
    const { page, frame } = await open({
      config: JSON.stringify({ localizationOptions: { rtl: true } }),
      flow: 'bugreporting',
    });
    await frame.getByLabel('Description').waitFor();
    await shot(page, '8-rtl-form');
    await page.evaluate(() => window.sendToFrame('open-news', {}));
    await frame.getByText('This screen is not available yet.').waitFor();
    await shot(page, '9-unavailable');
    await page.close();
  }
} finally {
  await browser.close();
  for (const s of servers) s.close();
}
