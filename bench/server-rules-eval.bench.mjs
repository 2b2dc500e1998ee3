// The rule chain per telemetry message with 1,000 enabled rules (issue 35; decision 0126's throw-away measure made a
// bench, decision 0137 Session 25). The work is done by server/bench/rules-eval.ts (run with the server's tsx, in its
// own process; see there for the world, the rules and the batches).
// - server.rules.eval.p99.ms: the p99 over 100 batches of 1,000 messages of the CPU time per message of the rule chain
//   (`afterWrite`, as the telemetry consumer runs it), every message evaluated by the 1,000 rules. The budget, 0.05 ms,
//   is the rules' share of the ingest budget (`server.ingest.msgs_per_s` >= 20,000 on this 2-core machine: 100 us of
//   CPU per message for everything; half of it for the rules). PGlite runs in the bench's process, so the chain's reads
//   (the enabled rules every second, the vehicles every 10 s) are in the figure; on PostgreSQL they are another
//   process's. The wall time per message is in the note (a shared machine's load moves it far more than the CPU time).
// WARMUP and BATCHES shrink it for a try.
import { runServerBench } from './lib/processes.mjs';

export async function run({ root }) {
  const f = await runServerBench(root, 'bench/rules-eval.ts');
  const note =
    `${f.enabledRules} enabled rules, ${f.batches} batches of ${f.batch} messages from ${f.vehicles} vehicles of one ` +
    `OEM (${f.notifications} notifications); CPU per message p50 ${f.cpu.p50} ms, p99 ${f.cpu.p99} ms; wall per ` +
    `message p50 ${f.wall.p50} ms, p99 ${f.wall.p99} ms; load average ${f.loadavg.map((x) => x.toFixed(2)).join(' ')}`;
  console.log(`note (server.rules.eval): ${note}`);
  return [{ id: 'server.rules.eval.p99.ms', value: f.cpu.p99, unit: 'ms', budget: 0.05, compare: 'max', note }];
}
