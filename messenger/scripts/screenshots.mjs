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

const cover = (a, b) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/></svg>`,
  )}`;
const today = new Date().toISOString();
const API = {
  '/helpcenter/collections': {
    collections: [
      { id: 'c1', title: 'Getting started', description: 'Set up your first vehicle and devices', articleCount: 4 },
      { id: 'c2', title: 'Batteries and BMS', description: 'Pairing, firmware and alarms', articleCount: 7 },
      { id: 'c3', title: 'Billing', articleCount: 2 },
    ],
  },
  '/helpcenter/collections/c2': {
    collection: { id: 'c2', title: 'Batteries and BMS', description: 'Pairing, firmware and alarms', articleCount: 2 },
    articles: [
      {
        id: 'a1',
        collectionId: 'c2',
        title: 'Pair a battery with a vehicle',
        description: 'Connect the BMS to the VCU',
      },
      { id: 'a2', collectionId: 'c2', title: 'Update battery firmware', description: 'Over-the-air updates at night' },
    ],
  },
  '/helpcenter/articles/a1': {
    id: 'a1',
    collectionId: 'c2',
    title: 'Pair a battery with a vehicle',
    description: 'Connect the BMS to the VCU in three steps.',
    updatedAt: '2026-11-01T10:00:00.000Z',
    content: `<h3>Before you start</h3><p>Make sure the vehicle is switched off and the battery is charged to at least 20%.</p><ol><li>Open <b>Devices</b> and choose <a href="https://docs.example/pair">Pair</a>.</li><li>Scan the QR code on the battery.</li><li>Confirm on the vehicle display.</li></ol><img src="${cover('#485BFF', '#00D082')}" alt="The pair dialog"><p>The battery shows up in the vehicle within a minute.</p>`,
  },
  '/helpcenter/search': {
    results: [
      {
        id: 'a1',
        collectionId: 'c2',
        title: 'Pair a battery with a vehicle',
        description: 'Connect the battery BMS to the VCU',
      },
      { id: 'a2', collectionId: 'c2', title: 'Update battery firmware', description: 'Over-the-air updates at night' },
    ],
  },
  '/news': {
    items: [
      {
        id: 'n2',
        title: 'Live map for 10,000 vehicles',
        previewText: 'The map now clusters vehicles and stays smooth.',
        createdAt: today,
        sender: { name: 'Maya' },
        coverImageUrl: cover('#485BFF', '#9900EE'),
      },
      {
        id: 'n1',
        title: 'Dark mode is here',
        previewText: 'Easier on the eyes at night.',
        createdAt: '2026-10-02T09:00:00.000Z',
        sender: { name: 'Jon' },
      },
    ],
  },
  '/news/n2': {
    id: 'n2',
    title: 'Live map for 10,000 vehicles',
    createdAt: today,
    sender: { name: 'Maya' },
    coverImageUrl: cover('#485BFF', '#9900EE'),
    content:
      '<p>The live map now clusters vehicles, so even the largest fleets stay smooth.</p><p>Zoom in to see each vehicle with its state of charge.</p>',
  },
  '/conversations': {
    conversations: [
      {
        shareToken: 't2',
        title: 'Battery alarm',
        unreadCount: 1,
        updatedAt: today,
        lastMessage: {
          id: 'm3',
          author: { type: 'agent', name: 'Maya' },
          text: 'Could you send me the VIN?',
          createdAt: today,
        },
      },
      {
        shareToken: 't1',
        title: 'Invoice question',
        unreadCount: 0,
        updatedAt: '2026-11-01T09:00:00.000Z',
        lastMessage: {
          id: 'm2',
          author: { type: 'contact', name: 'Ana' },
          text: 'Thanks, found it!',
          createdAt: '2026-11-01T09:00:00.000Z',
        },
      },
    ],
  },
  '/conversations/t2': {
    shareToken: 't2',
    title: 'Battery alarm',
    messages: [
      { id: 'm1', author: { type: 'bot', name: 'Volt' }, text: 'Hi! What can I do for you?', createdAt: today },
      {
        id: 'm2',
        author: { type: 'contact', name: 'Ana' },
        text: 'My battery shows alarm E42 since this morning.',
        createdAt: today,
      },
      {
        id: 'm3',
        author: { type: 'agent', name: 'Maya' },
        text: 'Sorry about that! Could you send me the VIN?',
        createdAt: today,
      },
    ],
  },
};

// The same survey and form as the seed of @voltline/widget/mock (sdk/src/mock/messenger-content.ts), shortened.
API['/forms/nps-survey'] = {
  id: 'nps-survey',
  title: 'How are we doing?',
  kind: 'survey',
  feedbackType: 'SURVEY',
  fields: [
    { key: 'nps', type: 'nps', label: 'How likely are you to recommend Voltline to a colleague?', required: true },
    { key: 'stars', type: 'rating', label: 'How do you rate the live map?', ratingStyle: 'stars', required: true },
    { key: 'mood', type: 'rating', label: 'How do you feel about alerts?', ratingStyle: 'emoji' },
    {
      key: 'features',
      type: 'multiple_choice',
      label: 'Which features do you use?',
      options: ['Live map', 'Battery health', 'Reports'],
    },
  ],
};
API['/forms/contact-form'] = {
  id: 'contact-form',
  title: 'Contact sales',
  description: 'We answer within one working day.',
  kind: 'form',
  feedbackType: 'FEEDBACK',
  fields: [
    { key: 'name', type: 'text', label: 'Name', required: true },
    { key: 'reportedBy', type: 'email', label: 'E-mail', required: true },
    { key: 'fleetSize', type: 'dropdown', label: 'Fleet size', options: ['1-10', '11-100', 'More than 100'] },
    { key: 'description', type: 'textarea', label: 'Message', required: true },
    { key: 'rating', type: 'rating', label: 'How was your trial?', ratingStyle: 'stars' },
    { key: 'capture', type: 'capture', label: 'Attach' },
    { key: 'consent', type: 'checkbox', label: 'You may contact me by e-mail', required: true },
  ],
};

const onboarding = {
  id: 'cl-onboarding',
  outboundId: 'onboarding',
  title: 'Set up your fleet',
  description: 'Four steps to your first live vehicle.',
  steps: [
    { id: 's-account', title: 'Create your account', done: true },
    {
      id: 's-pair',
      title: 'Pair a battery',
      description: 'Connect the BMS to the vehicle controller.',
      done: false,
      action: { type: 'article', value: 'a1', label: 'Read how' },
    },
    {
      id: 's-map',
      title: 'Open the live map',
      done: false,
      action: { type: 'url', value: 'https://app.example/map', label: 'Open the map' },
    },
  ],
};
API['/checklists'] = {
  checklists: [
    { id: 'cl-onboarding', outboundId: 'onboarding', title: 'Set up your fleet', stepCount: 3, doneCount: 1 },
  ],
};
API['/checklists/cl-onboarding'] = onboarding;

API['/feature-requests'] = {
  featureRequests: [
    { id: 'fr-export', title: 'Export trips as CSV', status: 'planned', voteCount: 3, voted: true },
    {
      id: 'fr-dark',
      title: 'Dark mode for the driver app',
      description: 'Easier on the eyes at night.',
      status: 'done',
      voteCount: 2,
      voted: false,
    },
    { id: 'fr-sms', title: 'Alerts by SMS', status: 'open', voteCount: 1, voted: false },
  ],
};

const uploaded = [];

async function answerApi(route) {
  const request = route.request();
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'Api-Token, Gleap-Id, Gleap-Hash, Content-Type',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
  };
  if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
  const path = new URL(request.url()).pathname.replace(/^\/api/, '');
  if (request.method() === 'POST' && path.endsWith('/read')) return route.fulfill({ status: 204, headers: cors });
  if (request.method() === 'POST' && path === '/uploads/sdk') {
    const body = request.postDataBuffer()?.toString('latin1') ?? '';
    const name = /filename="([^"]+)"/.exec(body)?.[1];
    if (!name || !request.headers()['content-type']?.startsWith('multipart/form-data')) {
      return route.fulfill({ status: 400, headers: cors, json: { message: 'No file.' } });
    }
    uploaded.push({ name, bytes: body.length });
    return route.fulfill({ status: 200, headers: cors, json: { fileUrl: `https://files.example/${name}` } });
  }
  if (request.method() === 'POST' && path.endsWith('/messages')) {
    const { text, attachments } = request.postDataJSON();
    const message = {
      id: `m${Date.now()}`,
      author: { type: 'contact', name: 'Ana' },
      text,
      attachments,
      createdAt: new Date().toISOString(),
    };
    return route.fulfill({ status: 201, headers: cors, json: message });
  }
  const body = API[path];
  if (!body) return route.fulfill({ status: 404, headers: cors, json: { message: 'Not found.' } });
  return route.fulfill({ status: 200, headers: cors, json: body });
}

async function open(query, viewport = { width: 1000, height: 760 }) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  await context.route('http://127.0.0.1:4291/api/**', answerApi);
  const page = await context.newPage();
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
    // This script's canned API knows no bots: the bot screen shows its error with a retry (the e2e specs in
    // e2e/specs/messenger drive the real bot against @voltline/widget/mock).
    await page.evaluate(() => window.sendToFrame('start-bot', { botId: 'b1' }));
    await frame.getByText('Not found.').waitFor();
    await shot(page, '9-bot-error');
    await page.close();
  }
  {
    const { page, frame } = await open({
      name: 'Ana',
      email: 'ana@example.com',
      config: JSON.stringify({
        teamName: 'Voltline',
        menuItems: [
          { actionType: 'CONVERSATIONS', title: 'Send us a message' },
          { actionType: 'HELP_CENTER' },
          { actionType: 'FEEDBACK_FLOW', actionBody: 'bugreporting', title: 'Report a bug' },
          { actionType: 'NEWS' },
        ],
      }),
    });
    await frame.getByRole('button', { name: 'Send us a message' }).waitFor();
    await shot(page, '10-home-menu');
    await frame.getByRole('button', { name: 'Help', exact: true }).click();
    await frame.getByRole('button', { name: /Batteries and BMS/ }).waitFor();
    await shot(page, '11-help');
    await frame.getByRole('button', { name: /Batteries and BMS/ }).click();
    await frame.getByRole('button', { name: /Pair a battery/ }).click();
    await frame.getByRole('article').waitFor();
    await shot(page, '12-help-article');
    await page.evaluate(() => window.sendToFrame('open-helpcenter-search', { term: 'battery' }));
    await frame.getByText('2 results').waitFor();
    await shot(page, '13-help-search');
    await frame.getByRole('button', { name: 'Back' }).click();
    await frame.getByRole('button', { name: 'News', exact: true }).click();
    await frame.getByRole('button', { name: /Live map/ }).waitFor();
    await shot(page, '14-news');
    await frame.getByRole('button', { name: /Live map/ }).click();
    await frame.getByRole('article').waitFor();
    await shot(page, '15-news-article');
    await frame.getByRole('button', { name: 'Back' }).click();
    await frame.getByRole('button', { name: 'Messages', exact: true }).click();
    await frame.getByRole('button', { name: /Battery alarm/ }).waitFor();
    await shot(page, '16-conversations');
    await frame.getByRole('button', { name: /Battery alarm/ }).click();
    await frame.getByRole('log').waitFor();
    await shot(page, '17-conversation');
    await frame
      .locator('input[type="file"]')
      .setInputFiles({ name: 'alarm-log.txt', mimeType: 'text/plain', buffer: Buffer.from('E42 at 08:12') });
    await frame.getByRole('textbox', { name: 'Message' }).fill('Here is the log.');
    await shot(page, '18-conversation-attachment');
    await frame.getByRole('button', { name: 'Send message' }).click();
    await frame.getByRole('link', { name: 'alarm-log.txt' }).waitFor();
    await shot(page, '19-conversation-sent');
    console.log('uploaded:', JSON.stringify(uploaded));
    const pages = await page.evaluate(() =>
      window.received.filter((m) => m.name === 'page-changed').map((m) => m.data.name),
    );
    console.log('page-changed:', pages.join(' -> '));
    await page.close();
  }
  {
    const { page, frame } = await open({ answer: 'ok' });
    await frame.getByRole('button', { name: 'Report a bug' }).waitFor();
    await page.evaluate(() => window.sendToFrame('start-survey', { flow: 'nps-survey', format: 'survey' }));
    await frame.getByText('Question 1 of 4').waitFor();
    await frame.getByRole('radio', { name: '8' }).click();
    await shot(page, '20-survey-nps');
    await frame.getByRole('button', { name: 'Next' }).click();
    await frame.getByRole('radio', { name: '4 stars' }).click();
    await shot(page, '21-survey-stars');
    await frame.getByRole('button', { name: 'Next' }).click();
    await frame.getByRole('radio', { name: 'Happy', exact: true }).click();
    await shot(page, '22-survey-emoji');
    await frame.getByRole('button', { name: 'Next' }).click();
    await frame.getByRole('checkbox', { name: 'Live map' }).click();
    await shot(page, '23-survey-choices');
    await frame.getByRole('button', { name: 'Send' }).click();
    await frame.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await shot(page, '24-survey-sent');
    const sent = await page.evaluate(() =>
      window.received.filter((m) => m.name === 'send-feedback').map((m) => m.data),
    );
    console.log('survey send-feedback:', JSON.stringify(sent));
    await page.evaluate(() => window.sendToFrame('start-feedbackflow', { flow: 'contact-form' }));
    await frame.getByRole('heading', { name: 'Contact sales' }).waitFor();
    await shot(page, '25-form');
    await frame.getByRole('button', { name: 'Send' }).click();
    await shot(page, '26-form-errors');
    await page.evaluate(() => window.sendToFrame('open-checklists', {}));
    await frame.getByRole('button', { name: /Set up your fleet/ }).waitFor();
    await shot(page, '27-checklists');
    await frame.getByRole('button', { name: /Set up your fleet/ }).click();
    await frame.getByText('1 of 3 steps done').waitFor();
    await shot(page, '28-checklist');
    await page.evaluate(() => window.sendToFrame('open-feature-requests', {}));
    await frame.getByRole('heading', { name: 'Alerts by SMS' }).waitFor();
    await shot(page, '29-feature-requests');
    await page.close();
  }
} finally {
  await browser.close();
  for (const s of servers) s.close();
}
