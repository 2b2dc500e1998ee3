// Widget reports into the Fleet API server (DESIGN.md `server.bugs.ingest.per_s`, issue 38's "Tests and measures"):
// reports in gleap's wire shape, each with a 200 KB rrweb replay, sent by many widgets at once for a sustained run,
// into a real PostgreSQL. The work is done by server/bench/bugs-ingest.ts (run with the server's tsx, in its own
// process; see there for the steps and the checks: every accepted report stored whole, a retry stored once).
// - server.bugs.ingest.per_s: reports accepted (201) per second over the run. DESIGN.md's budget is "report"; the
//   floor here is decision 0130's: 100 a second, ten keys at the widget API's per-key ceiling (600 a minute).
// The p99 (and p50) of the accept time, request to 201, and the CPU time per report of the server and of PostgreSQL
// (the figures a shared machine's load moves least, decision 0122) are in the note and printed as an info line.
// Needs Debian's postgresql package (or PG_BIN); LOAD_SECONDS, CONNECTIONS shrink or grow it.
import { runServerBench } from './lib/processes.mjs';

export async function run({ root }) {
  const f = await runServerBench(root, 'bench/bugs-ingest.ts');
  const cpu = `CPU per report: server ${f.cpuMsPerReport.server ?? '?'} ms, PostgreSQL ${f.cpuMsPerReport.postgres ?? '?'} ms`;
  const load = `load average ${f.loadavg.map((x) => x.toFixed(2)).join(' ')} (shared machine: wall figures are bounds)`;
  const note =
    `${f.accepted} reports of ${Math.round(f.bodyBytes / 1024)} KB (replay ${Math.round(f.replayBytes / 1024)} KB) ` +
    `from ${f.connections} connections for ${f.seconds} s; accept time p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms; ${cpu}; ${load}`;
  console.log(`note (server.bugs.ingest): ${note}`);
  return [{ id: 'server.bugs.ingest.per_s', value: f.perSecond, unit: 'reports/s', budget: 100, compare: 'min', note }];
}
