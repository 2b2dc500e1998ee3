// The cost of console logging to the host page (DESIGN.md `widget.console.overhead`, issue 17 item 9): the same logging
// workload timed in two same-origin frames of one Chromium page, one with the widget initialised (its console wrappers
// installed) and one without, in many short alternating rounds so that the machine's noise falls on both sides; the
// figure is the median of the per-round ratios (with / without). The workload logs what an application logs: strings,
// small objects, nested objects (one with a token), a short array, an error and a 200,000-item array, on every console
// method the widget wraps.
//
// Chromium runs as a visitor's browser does, with no DevTools session: Playwright keeps the page's Runtime domain enabled,
// and then every console call also builds a DevTools event with previews of its arguments, 10-30 times the cost of the
// call itself, which would hide the widget's share (decision 0101). So the bench starts /usr/bin/chromium (the binary
// Playwright drives in the other benches) itself, serves the pages and a silent fake API from a local server, and the
// page posts its timings back.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sdkScript } from './lib/sdk-script.mjs';

const ROUNDS = 201; // alternating pairs; the first pair warms both frames up and is not counted
const ITERATIONS = 100; // per round; each iteration makes 5 console calls, one in ten iterations a sixth
const TIMEOUT_MS = 180_000;

/** The widget as one classic script that sets `window.Gleap` (the source, bundled as the builds bundle it). */
function widgetBundle(root) {
  return sdkScript(root, {
    contents: `import { Gleap } from './index'; window.Gleap = Gleap;`,
    resolveDir: join(root, 'sdk/src'),
  });
}

/** A page that logs; `extra` is what the widget frame adds (the widget, initialised). */
const frame = (extra) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Console bench</title></head>
<body><h1>Fleet</h1><p>A page that logs.</p><script>
  window.bigArray = Array.from({ length: 200000 }, (_, i) => ({ id: i, soc: i % 100 }));
  window.ready = Promise.resolve();
  window.workload = (iterations) => {
    const t0 = performance.now();
    for (let i = 0; i < iterations; i += 1) {
      console.log('telemetry tick ' + i + ' for EV-' + (i % 97));
      console.log('vehicle', { vin: 'WVWZZZ1KZ' + i, soc: i % 100, charging: i % 2 === 0, odometerKm: 12000 + i });
      console.info('update', {
        vehicle: { id: i, model: { make: 'Volt', name: 'Line', battery: { kWh: 77, cells: [3.91, 3.92, 3.9] } } },
        position: { lat: 38.72 + i / 1e5, lng: -9.14, fix: { sats: 9, hdop: 0.9 } },
        tags: ['fleet', 'lisbon', 'ev'],
        accessToken: 'secret-' + i,
      });
      console.debug('list', [1, 2, 3, 'four', { five: 5 }]);
      console.warn('slow response', 1200 + (i % 50), 'ms from', '/api/vehicles?page=' + i);
      if (i % 20 === 0) console.error(new Error('charge session ' + i + ' failed'));
      if (i % 20 === 10) console.log('rows', window.bigArray);
    }
    return performance.now() - t0;
  };
</script>${extra}</body></html>`;

const WIDGET = `<script src="/widget.js"></script><script>
  Gleap.setApiUrl(location.origin + '/api');
  Gleap.setWSApiUrl('ws://' + location.host + '/ws');
  window.ready = new Promise((resolve) => Gleap.on('initialized', resolve));
  Gleap.initialize('bench-key');
</script>`;

/** The top page: both frames, then the rounds, then the timings posted to /result. */
const top = (rounds, iterations) => `<!doctype html><body>
<iframe id="with" src="/with.html" width="600" height="400"></iframe>
<iframe id="without" src="/without.html" width="600" height="400"></iframe><script>
onload = async () => {
  const w = document.getElementById('with').contentWindow;
  const p = document.getElementById('without').contentWindow;
  await Promise.all([w.ready, p.ready]);
  await new Promise((r) => setTimeout(r, 500));
  // the wrappers are in place, else the figure would compare two plain pages
  const out = { wrapped: !/\\[native code\\]/.test(String(w.console.log)), withMs: [], withoutMs: [] };
  for (let round = 0; round < ${rounds}; round += 1) {
    const first = round % 2 === 0 ? w : p;
    const a = first.workload(${iterations});
    await new Promise((r) => setTimeout(r, 0));
    const b = (first === w ? p : w).workload(${iterations});
    await new Promise((r) => setTimeout(r, 0));
    if (round === 0) continue;
    out.withMs.push(first === w ? a : b);
    out.withoutMs.push(first === w ? b : a);
  }
  await fetch('/result', { method: 'POST', body: JSON.stringify(out) });
};
</script></body>`;

/** Serve the pages and a fake API that answers at once (and accepts the socket, silent); resolve with the timings. */
async function measure(script, chromiumPath, rounds, iterations) {
  let settle;
  const result = new Promise((resolve, reject) => (settle = { resolve, reject }));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    const send = (type, body) => {
      res.writeHead(200, { ...cors, 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
    } else if (url.pathname === '/') send('text/html', top(rounds, iterations));
    else if (url.pathname === '/with.html') send('text/html', frame(WIDGET));
    else if (url.pathname === '/without.html') send('text/html', frame(''));
    else if (url.pathname === '/widget.js') send('text/javascript', script);
    else if (url.pathname === '/result') {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        res.end();
        try {
          settle.resolve(JSON.parse(body));
        } catch (err) {
          settle.reject(err);
        }
      });
    } else send('application/json', url.pathname.includes('/sessions') ? '{"gleapId":"g","gleapHash":"h"}' : '{}');
  });
  server.on('upgrade', (req, socket) => {
    const accept = createHash('sha1')
      .update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64');
    socket.on('error', () => {});
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const profile = mkdtempSync(join(tmpdir(), 'voltline-console-bench-'));
  const browser = spawn(
    chromiumPath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-background-networking',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      `http://127.0.0.1:${server.address().port}/`,
    ],
    { stdio: 'ignore' },
  );
  browser.on('exit', (code) =>
    settle.reject(new Error(`chromium exited (${code}) before the page posted its timings`)),
  );
  const timer = setTimeout(() => settle.reject(new Error('no timings from the page in time')), TIMEOUT_MS);
  try {
    return await result;
  } finally {
    clearTimeout(timer);
    browser.removeAllListeners('exit');
    const exited = new Promise((resolve) => browser.once('exit', resolve));
    browser.kill();
    await exited;
    server.closeAllConnections();
    server.close();
    // Chromium's helper processes can still write to the profile just after the browser exits: retry the removal.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run({ root }) {
  const script = await widgetBundle(root);
  const r = await measure(script, process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ROUNDS, ITERATIONS);
  if (!r.wrapped) throw new Error('the widget did not wrap console.log');
  const ratios = r.withMs.map((ms, i) => ms / r.withoutMs[i]);
  const sorted = [...ratios].sort((a, b) => a - b);
  const q = (f) => sorted[Math.floor(f * (sorted.length - 1))].toFixed(2);
  console.log(
    `bench note: console overhead, ${ratios.length} alternating rounds of ${ITERATIONS * 5 + ITERATIONS / 10} console calls ` +
      '(strings, objects, nested objects, an error, a 200,000-item array) in two frames of one Chromium without DevTools: ' +
      `median ${median(r.withMs).toFixed(1)} ms a round with the widget, ${median(r.withoutMs).toFixed(1)} ms without; ` +
      `per-round ratio quartiles ${q(0.25)} / ${q(0.5)} / ${q(0.75)}`,
  );
  return [{ id: 'widget.console.overhead', value: Math.round(median(ratios) * 1000) / 1000, unit: 'x', budget: 1.1 }];
}
