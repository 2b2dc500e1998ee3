// What the server benches share: the list requests they ask, a free port, and the CPU time of a process tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A fixed pseudo-random sequence (mulberry32), so that every run asks the same requests. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FILTERS: [string, string[]][] = [
  ['connectivity', ['Wi-Fi', 'GSM', '3G', '4G', '5G']],
  ['status', ['0', '1']],
  ['vehicleType', ['2 Wheeler', '3 Wheeler']],
  ['healthRating', ['1', '2', '3', '4', '5']],
  ['isLive', ['true', 'false']],
  ['stateCode', ['0', '16', '32', '64', '96', 'F']],
];
const SORTS = ['vin', 'registrationNumber', 'lastSeenAt', 'soc', 'odometerKm', 'healthRating', 'createdAt', 'status'];

/** The list requests: one or two filters, one sort (either direction), a page among the first 20 of 25/50/100 rows. */
export function listPaths(count: number, seed = 39): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const params = new URLSearchParams();
    const filters = new Set([pick(FILTERS)]);
    if (next() < 0.5) filters.add(pick(FILTERS));
    for (const [field, values] of filters) params.append(`filter[${field}]`, pick(values));
    params.set('sort', `${pick(SORTS)}:${next() < 0.5 ? 'asc' : 'desc'}`);
    params.set('page', String(1 + Math.floor(next() * 20)));
    params.set('pageSize', String(pick([25, 50, 100])));
    paths.push(`/api/vehicles?${params}`);
  }
  return paths;
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
