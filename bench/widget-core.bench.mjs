// Widget core budgets (DESIGN.md): ESM bytes that import + initialize load, each lazy chunk, the UMD file (all min+gz),
// and the main-thread time of `initialize` in Chromium. Run through `pnpm bench` (scripts/bench.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const round = (n, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Relative imports of an ESM file: static ones load with it, dynamic ones are lazy chunks. */
function importsOf(file) {
  const src = readFileSync(file, 'utf8');
  const rel = (s) => resolve(dirname(file), s);
  const statics = [
    ...src.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g),
  ].map((m) => rel(m[1]));
  const dynamics = [...src.matchAll(/import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)].map((m) => rel(m[1]));
  return { statics, dynamics };
}

/**
 * Every file `entry` loads eagerly, and the lazy chunks reachable from them: those the core imports with import(), and
 * those a lazy chunk imports with import() in turn (co-browse tours, loaded by the product tours chunk).
 */
function graph(entry) {
  const eager = new Set();
  const lazy = new Set();
  const visit = (file) => {
    if (eager.has(file)) return;
    eager.add(file);
    const { statics, dynamics } = importsOf(file);
    for (const f of statics) visit(f);
    for (const f of dynamics) lazy.add(f);
  };
  visit(entry);
  for (const f of eager) lazy.delete(f);
  for (const f of lazy) {
    if (!existsSync(f)) continue;
    for (const d of importsOf(f).dynamics) if (!eager.has(d)) lazy.add(d);
  }
  return { eager: [...eager], lazy: [...lazy] };
}

const PLAIN_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain page</title></head><body><h1>A plain page</h1><p>Some text.</p></body></html>';

async function measureInit(root, dist) {
  const require = createRequire(join(root, 'e2e', 'package.json'));
  const { chromium } = require('@playwright/test');
  const { startStaticServer } = await import(pathToFileURL(join(root, 'e2e', 'servers', 'static.mjs')).href);
  const server = await startStaticServer({ port: 0, root: dist, mounts: { '/sdk': dist } });
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  const samples = [];
  try {
    for (let i = 0; i < 9; i += 1) {
      const page = await browser.newPage();
      // the API answers instantly so only our own main-thread work is measured
      await page.route('https://api.bench.test/**', (route) =>
        route.fulfill({
          status: route.request().method() === 'OPTIONS' ? 204 : 200,
          headers: {
            'access-control-allow-origin': '*',
            'access-control-allow-headers': '*',
            'content-type': 'application/json',
          },
          body: route.request().url().includes('/sessions') ? '{"gleapId":"g","gleapHash":"h"}' : '{}',
        }),
      );
      await page.route(`${base}/plain.html`, (route) => route.fulfill({ contentType: 'text/html', body: PLAIN_PAGE }));
      await page.goto(`${base}/plain.html`);
      // the widget records User Timing measures of its main-thread work: the initialize call itself, the start
      // (storage, session and config requests) it defers to the next task, and the UI mount it defers to an idle
      // callback; the deferred parts are off the host's own task but still main-thread work, so they are reported too
      const ms = await page.evaluate(async () => {
        const { Gleap } = await import('/sdk/index.js');
        Gleap.setApiUrl('https://api.bench.test');
        const ready = new Promise((resolve) => Gleap.on('initialized', resolve));
        const t0 = performance.now();
        Gleap.initialize('bench-key');
        const call = performance.now() - t0;
        await ready;
        const total = (name) => performance.getEntriesByName(name).reduce((sum, e) => sum + e.duration, 0);
        return { call, start: total('voltline:start'), mount: total('voltline:mount') };
      });
      if (i > 0) samples.push(ms); // the first run warms the browser's code caches
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {
    call: median(samples.map((s) => s.call)),
    start: median(samples.map((s) => s.start)),
    mount: median(samples.map((s) => s.mount)),
  };
}

export async function run({ root }) {
  const dist = join(root, 'sdk', 'dist');
  // always a fresh build: a stale dist/ would measure yesterday's widget
  const r = spawnSync('pnpm', ['--filter', '@voltline/widget', 'build'], { cwd: root, stdio: 'ignore' });
  if (r.status !== 0) throw new Error('widget build failed');
  const { eager, lazy } = graph(join(dist, 'index.js'));
  const figures = [
    // issue 36: 16 KB (DESIGN.md's 20 KB until then; docs/notes/0111-widget-core-chunking.md)
    { id: 'widget.core.gz', value: round(eager.reduce((n, f) => n + gz(f), 0) / KB), unit: 'KB', budget: 16 },
    { id: 'widget.umd.gz', value: round(gz(join(dist, 'umd', 'index.umd.js')) / KB), unit: 'KB', budget: 60 },
  ];
  // lazy chunks have no budget of their own in DESIGN.md; each must at least fit the whole-widget budget
  for (const file of lazy.filter(existsSync)) {
    const name = file.slice(dist.length + 1).replace(/\.js$/, '');
    figures.push({ id: `widget.chunk.${name}.gz`, value: round(gz(file) / KB), unit: 'KB', budget: 60 });
  }
  // the engagement surfaces (issue 23) have budgets of their own: a chunk with the shared engage code it imports
  // (what a page that shows the surface downloads beyond the core)
  const eagerSet = new Set(eager);
  /** A chunk and the lazy code it imports statically, minus what is loaded already. */
  const withStatics = (file, loaded = eagerSet) => {
    const seen = new Set();
    const visit = (f) => {
      if (seen.has(f) || loaded.has(f)) return;
      seen.add(f);
      for (const s of importsOf(f).statics) visit(s);
    };
    visit(file);
    return seen;
  };
  const bytes = (files) => [...files].reduce((n, f) => n + gz(f), 0);
  const chunkFile = (re) => lazy.find((f) => re.test(f.slice(dist.length + 1)));
  const ENGAGE_BUDGETS = [
    { id: 'widget.engage.notifications+banner.gz', chunk: /^in-app-/, budget: 5 },
    { id: 'widget.engage.tooltips.gz', chunk: /^tooltips-/, budget: 4 },
    { id: 'widget.engage.tours.gz', chunk: /^tours-/, budget: 8 },
    { id: 'widget.chunk.builder.gz', chunk: /^builder-/, budget: 4 },
  ];
  for (const { id, chunk, budget } of ENGAGE_BUDGETS) {
    const file = chunkFile(chunk);
    if (file) figures.push({ id, value: round(bytes(withStatics(file)) / KB), unit: 'KB', budget });
  }
  // co-browse tours (decision 0090): the product tours chunk validates the tour and loads the co-browse chunk, so the
  // co-browse surface is what that chunk adds beyond the tours chunk and its imports (DESIGN.md budget 5 KB); the whole
  // way from the core to a co-browse tour is both, beside the sum of their budgets
  const toursFile = chunkFile(/^tours-/);
  const cobrowseFile = chunkFile(/^cobrowse-/);
  if (toursFile && cobrowseFile) {
    const tours = withStatics(toursFile);
    const added = withStatics(cobrowseFile, new Set([...eagerSet, ...tours]));
    figures.push({ id: 'widget.chunk.cobrowse.gz', value: round(bytes(added) / KB), unit: 'KB', budget: 5 });
    figures.push({
      id: 'widget.engage.cobrowse-with-tours.gz',
      value: round((bytes(tours) + bytes(added)) / KB),
      unit: 'KB',
      budget: 13,
    });
  }
  const init = await measureInit(root, dist);
  figures.push({ id: 'widget.init.ms', value: round(init.call), unit: 'ms', budget: 10 });
  // no DESIGN.md budget for the deferred start: it is work initialize did in the host's task before 0053, so the same
  // budget as initialize (docs/decisions/0053-widget-deferred-start.md)
  figures.push({ id: 'widget.init.start.ms', value: round(init.start), unit: 'ms', budget: 10 });
  // no DESIGN.md budget for the deferred mount: ours is half the initialize budget
  figures.push({ id: 'widget.init.mount.ms', value: round(init.mount), unit: 'ms', budget: 5 });
  return figures;
}
