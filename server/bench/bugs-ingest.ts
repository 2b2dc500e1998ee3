// Widget reports into PostgreSQL (DESIGN.md `server.bugs.ingest.per_s`, issue 38's "Tests and measures"); run by
// bench/server-bugs-ingest.bench.mjs with tsx, which reads the JSON of the last line. Steps:
// 1. a throw-away PostgreSQL 15+ cluster (test/postgres-cluster.ts, as the tests start it: no fsync), migrated and
//    seeded with a small demo world (the reports need keys, not vehicles);
// 2. BENCH_KEYS SDK keys and BENCH_SESSIONS widget sessions over them, written straight to the database, so that the
//    load stays under the per-key (600 a minute) and per-session (10 a minute) limits, which stay on: a sustained
//    stream from many sites, as a server with many integrators receives it;
// 3. the server (src/server.ts, as `npm start` runs it) in a child process on that database;
// 4. autocannon, CONNECTIONS widgets sending `POST /widget-api/bugs/v2` one after another for LOAD_SECONDS (after a
//    warm-up): each report is gleap's wire shape with a 200 KB rrweb replay, its own client id, key and session;
//    accepted reports per second, the p99 (and p50) of the accept time (request sent to 201 read), and the CPU time
//    per report of the server's process tree and of PostgreSQL's (decision 0122);
// 5. nothing lost, none twice: the stored reports are exactly the 201s, and each body is stored whole.
// The client runs in this process and the server in its own: on a shared machine the figures are bounds.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openPostgres } from '../src/db/database';
import { prepareDatabase } from '../src/start';
import { findPostgresBin, startPostgresCluster } from '../test/postgres-cluster';
import { random, startServerChild, treeCpuMs } from './lib';

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const KEYS = Number(process.env.BENCH_KEYS ?? 100);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 4_000);
const REPLAY_BYTES = 200 * 1024;
const log = (message: string) => console.error(`bugs-ingest-bench: ${message}`);
const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * An rrweb recording of about REPLAY_BYTES of JSON: a meta event, a full snapshot of a page of nested nodes, then
 * mouse moves, scrolls, inputs and text mutations, as @rrweb/record emits them.
 */
function replayEvents(): unknown[] {
  const next = random(38);
  const words = ['vehicle', 'battery', 'fleet', 'charge', 'route', 'alert', 'ticket', 'status', 'map', 'trip'];
  const text = (n: number) => Array.from({ length: n }, () => words[Math.floor(next() * words.length)]).join(' ');
  let id = 1;
  const node = (depth: number): Record<string, unknown> => {
    const childNodes =
      depth > 5 ? [{ type: 3, textContent: text(6), id: ++id }] : Array.from({ length: 3 }, () => node(depth + 1));
    return {
      type: 2,
      tagName: depth % 2 ? 'div' : 'section',
      attributes: { class: `c${depth}` },
      childNodes,
      id: ++id,
    };
  };
  const start = 1_772_359_200_000;
  const events: unknown[] = [
    { type: 4, data: { href: 'https://shop.example/cart', width: 1280, height: 800 }, timestamp: start },
    {
      type: 2,
      data: { node: { type: 0, childNodes: [node(0)], id: 1 }, initialOffset: { left: 0, top: 0 } },
      timestamp: start + 5,
    },
  ];
  let size = JSON.stringify(events).length;
  for (let t = start + 10; size < REPLAY_BYTES; t += 16) {
    const kind = next();
    const event =
      kind < 0.6
        ? {
            type: 3,
            data: {
              source: 1,
              positions: Array.from({ length: 5 }, (_, i) => ({
                x: Math.floor(next() * 1280),
                y: Math.floor(next() * 800),
                id: Math.floor(next() * id),
                timeOffset: -i * 10,
              })),
            },
            timestamp: t,
          }
        : kind < 0.8
          ? {
              type: 3,
              data: { source: 3, id: Math.floor(next() * id), x: 0, y: Math.floor(next() * 4000) },
              timestamp: t,
            }
          : {
              type: 3,
              data: {
                source: 0,
                texts: [{ id: Math.floor(next() * id), value: text(12) }],
                attributes: [],
                removes: [],
                adds: [],
              },
              timestamp: t,
            };
    events.push(event);
    size += JSON.stringify(event).length + 1;
  }
  return events;
}

/** A report as gleap@14.2.11's wire carries it (protocol file) with our widget's client id; the id is `@@CLIENT@@`. */
function reportTemplate(): string {
  const report = {
    type: 'BUG',
    priority: 'MEDIUM',
    customData: { plan: 'pro' },
    metaData: {
      browserName: 'Chrome',
      currentUrl: 'https://shop.example/cart',
      sdkVersion: '14.2.11',
      sdkType: 'javascript',
      screenWidth: 1280,
      screenHeight: 800,
    },
    consoleLog: Array.from({ length: 30 }, (_, i) => ({
      log: `fetch /api/cart failed (${i})`,
      date: new Date(1_772_359_200_000 + i * 1000).toISOString(),
      priority: i % 5 ? 'INFO' : 'ERROR',
    })),
    networkLogs: Array.from({ length: 15 }, (_, i) => ({
      url: `https://shop.example/api/cart/${i}`,
      type: 'GET',
      date: new Date(1_772_359_200_000 + i * 2000).toISOString(),
      request: { headers: { accept: 'application/json' }, payload: '' },
      response: { status: i % 4 ? 200 : 500, responseText: '{"items":[]}' },
      success: i % 4 !== 0,
      duration: 40 + i,
    })),
    customEventLog: [{ name: 'checkout', date: '2026-03-01T10:00:02.000Z', data: { step: 2 } }],
    formData: { description: 'The cart is empty after paying', reportedBy: 'asha@example.com' },
    isSilent: false,
    screenshotData: {
      html: `<html><body>${'<div class="row">cart line</div>'.repeat(300)}</body></html>`,
      baseUrl: 'https://shop.example',
      width: 1280,
      height: 800,
      isMobile: false,
      x: 0,
      y: 0,
    },
    webReplay: {
      startDate: 1_772_359_200_000,
      events: replayEvents(),
      baseUrl: 'https://shop.example',
      width: 1280,
      height: 800,
      isMobile: false,
      type: 'rrweb',
    },
    screenRecordingUrl: null,
    spamToken: 'token',
    tags: ['checkout'],
    clientId: '@@CLIENT@@',
  };
  return JSON.stringify(report);
}

async function main(): Promise<void> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("no PostgreSQL 15+ (Debian's postgresql package, or PG_BIN)");
  log(
    `load average at start: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const cluster = await startPostgresCluster(bin);
  const dataDir = mkdtempSync(join(tmpdir(), 'voltline-bench-bugs-'));
  let server: Awaited<ReturnType<typeof startServerChild>> | undefined;
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE voltline_bench');
    await admin.end();
    const url = cluster.url.replace(/\/postgres$/, '/voltline_bench');
    const database = openPostgres(url);
    await prepareDatabase(database, loadConfig({ SEED_VEHICLES: '20', DATA_DIR: dataDir }), log);
    // The keys and sessions the load sends from: key i's sessions are i, i + KEYS, i + 2 KEYS, ...
    const now = new Date().toISOString();
    const keys = Array.from({ length: KEYS }, (_, i) => ({ id: `sdk-bench-${i}`, key: `bench-key-${i}` }));
    await database.db
      .insertInto('sdk_keys')
      .values(keys.map((k, i) => ({ ...k, tenant_id: 'platform', name: `Bench site ${i}`, created_at: now })))
      .execute();
    const sessions = Array.from({ length: SESSIONS }, (_, i) => ({
      id: `bench-session-${i}`,
      hash: `bench-hash-${i}-${randomUUID()}`,
      key: keys[i % KEYS] as { id: string; key: string },
    }));
    for (let i = 0; i < sessions.length; i += 1_000) {
      await database.db
        .insertInto('widget_sessions')
        .values(
          sessions.slice(i, i + 1_000).map((s) => ({
            id: s.id,
            sdk_key_id: s.key.id,
            hash_sha256: createHash('sha256').update(s.hash).digest('hex'),
            created_at: now,
            updated_at: now,
            last_seen_at: now,
          })),
        )
        .execute();
    }

    server = await startServerChild(url, dataDir);
    const template = reportTemplate();
    const [head, tail] = template.split('@@CLIENT@@') as [string, string];
    const replayBytes = JSON.stringify((JSON.parse(template) as { webReplay: unknown }).webReplay).length;
    log(`report body ${template.length} bytes, its replay ${replayBytes} bytes; ${KEYS} keys, ${SESSIONS} sessions`);

    // Each connection sends one report at a time: its context holds the report in flight.
    type Sent = { session: (typeof sessions)[number]; clientId: string };
    const acceptedReports: (Sent & { id: string })[] = [];
    let sent = 0;
    const headersOf = (session: (typeof sessions)[number]) => ({
      'content-type': 'application/json;charset=UTF-8',
      'api-token': session.key.key,
      'gleap-id': session.id,
      'gleap-hash': session.hash,
    });
    const load = (seconds: number) =>
      autocannon({
        url: `${server?.base}/widget-api/bugs/v2`,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            setupRequest: (request, context) => {
              const session = sessions[sent % sessions.length] as (typeof sessions)[number];
              sent += 1;
              const clientId = randomUUID();
              (context as { sent?: Sent }).sent = { session, clientId };
              return { ...request, headers: headersOf(session), body: `${head}${clientId}${tail}` };
            },
            onResponse: (status, body, context) => {
              const inFlight = (context as { sent?: Sent }).sent;
              if (status === 201 && inFlight) {
                acceptedReports.push({ ...inFlight, id: (JSON.parse(body) as { id: string }).id });
              }
            },
          },
        ],
      });
    const warm = await load(WARMUP_SECONDS);
    log(`warm-up: ${warm['2xx']} accepted, non-2xx ${warm.non2xx}`);
    const cpu = () => ({ server: treeCpuMs(server?.child.pid ?? 0), postgres: treeCpuMs(cluster.pid()) });
    const cpuBefore = cpu();
    const result = await load(LOAD_SECONDS);
    const cpuAfter = cpu();
    const accepted = result['2xx'];
    log(
      `autocannon: ${result.requests.total} reports, ${accepted} accepted (${round1(accepted / LOAD_SECONDS)}/s), ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ` +
        `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    const perReport = (side: 'server' | 'postgres') => {
      const [a, b] = [cpuBefore[side], cpuAfter[side]];
      return a === undefined || b === undefined ? undefined : round1((b - a) / Math.max(1, accepted));
    };
    const cpuMsPerReport = { server: perReport('server'), postgres: perReport('postgres') };
    log(`CPU per report: server ${cpuMsPerReport.server} ms, PostgreSQL ${cpuMsPerReport.postgres} ms`);
    log(
      `load average after the load: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) throw new Error('the load had failed requests');

    // Nothing lost, each whole: every accepted report is stored under its id with its whole body. (Reports still in
    // flight when the load stopped may be stored too, unanswered to autocannon: at most one per connection and run.)
    const bodyBytes = template.length + 36 - '@@CLIENT@@'.length;
    const ids = acceptedReports.map((r) => r.id);
    const found = await sql<{ n: number; whole: number }>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE body_bytes = ${bodyBytes})::int AS whole
      FROM feedback_reports WHERE id = ANY(${ids})`.execute(database.db);
    const benchReports = async () =>
      (
        await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM feedback_reports WHERE sdk_key_id LIKE 'sdk-bench-%'`.execute(database.db)
      ).rows[0]?.n ?? 0;
    // The reports in flight when autocannon stopped are still being written: wait until the count holds.
    let settled = -1;
    for (let n = await benchReports(); n !== settled; n = await benchReports()) {
      settled = n;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const { n, whole } = found.rows[0] ?? { n: 0, whole: 0 };
    log(`${ids.length} accepted: ${n} stored (${whole} whole); ${settled} bench reports stored in all`);
    if (ids.length !== accepted + warm['2xx'] || n !== ids.length || whole !== ids.length) {
      throw new Error('an accepted report is missing or not whole');
    }
    if (settled > ids.length + 2 * CONNECTIONS) throw new Error('more reports stored than sent');
    // None twice: 50 accepted reports sent again (the widget's retry: same client id, key and session) answer their
    // stored id and store nothing.
    const retried = acceptedReports.filter((_, i) => i % Math.max(1, Math.floor(ids.length / 50)) === 0).slice(0, 50);
    for (const report of retried) {
      const answer = await fetch(`${server.base}/widget-api/bugs/v2`, {
        method: 'POST',
        headers: headersOf(report.session),
        body: `${head}${report.clientId}${tail}`,
      });
      const { id } = (await answer.json()) as { id: string };
      if (answer.status !== 201 || id !== report.id) throw new Error(`a retry answered ${answer.status} ${id}`);
    }
    if ((await benchReports()) !== settled) throw new Error('a retried report was stored twice');
    log(`${retried.length} retries answered their stored ids, nothing stored twice`);
    await database.close();

    console.log(
      JSON.stringify({
        connections: CONNECTIONS,
        seconds: LOAD_SECONDS,
        perSecond: round1(accepted / LOAD_SECONDS),
        accepted,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        bodyBytes,
        replayBytes,
        cpuMsPerReport,
        loadavg: loadavg(),
      }),
    );
  } finally {
    await server?.stop();
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
