// What the server's benches share: the server started as `npm start` runs it, CPU time from /proc, percentiles and a
// seeded random sequence.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../test/postgres-cluster';

/** A fixed pseudo-random sequence (mulberry32), so that every run sends the same requests. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

/**
 * CPU time (user + system, ms) of a process and its descendants, from /proc (Linux); undefined elsewhere. Divided by
 * the requests served it is the cost of a request, which the load of a shared machine changes far less than wall time.
 */
export function treeCpuMs(root: number): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  const stat = (pid: string) => {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  };
  const children = new Map<number, number[]>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const parent = Number(stat(pid)[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(pid)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  const TICKS_PER_SECOND = 100; // USER_HZ on Linux
  let ms = 0;
  const stack = [root];
  for (let pid = stack.pop(); pid !== undefined; pid = stack.pop()) {
    try {
      const fields = stat(String(pid));
      ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    } catch {
      continue;
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return ms;
}

/** The Node flags of the server folder's `npm start` (its package.json: `tsx <flags> src/server.ts`), a heap setting. */
function startFlags(cwd: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.split(/\s+/);
  return words.slice(words.indexOf('tsx') + 1, words.indexOf('src/server.ts')).filter((word) => word.startsWith('--'));
}

/** The server as `npm start` runs it (without the simulator), on the database of `url`; resolves once it listens. */
export async function startServerChild(
  url: string,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  /** The server's folder: another checkout's, to compare two versions on one database (`cpu-per-request.ts`). */
  cwd = join(import.meta.dirname, '..'),
): Promise<{ base: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    PORTAL_DIR: join(dataDir, 'no-portal'),
    LOG_LEVEL: 'warn',
    ...env,
  };
  for (const name of ['MQTT_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'CORS_ORIGINS', 'BEHIND_TLS']) {
    if (!(name in env)) delete childEnv[name];
  }
  // BENCH_SERVER_NODE_ARGS: flags for the server's Node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(join('node_modules', '.bin', 'tsx'), [...startFlags(cwd), ...nodeArgs, 'src/server.ts'], {
    cwd,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the server exited with ${code}`));
    child.once('exit', onExit);
    let out = '';
    child.stdout?.on('data', (data: Buffer) => {
      out += data;
      if (out.includes('Voltline is running')) {
        child.off('exit', onExit);
        resolve();
      }
    });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
