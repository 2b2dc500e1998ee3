import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The bin folder of a PostgreSQL 15+ install: PG_BIN, else Debian's /usr/lib/postgresql/<major>/bin (newest first).
 * Undefined when there is none; `apt-get install postgresql` provides it.
 */
export function findPostgresBin(): string | undefined {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .map(Number)
    .filter((major) => major >= 15)
    .sort((a, b) => b - a);
  for (const major of majors) {
    const bin = join(root, String(major), 'bin');
    if (existsSync(join(bin, 'initdb'))) return bin;
  }
  return undefined;
}

/** A port nothing listens on now (the benches use it too). */
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

export interface PostgresCluster {
  /** postgres://voltline@127.0.0.1:<port>/postgres (trust auth, loopback only). */
  url: string;
  /** The process id of the cluster's postmaster (its backends are its children): for measuring its CPU time. */
  pid(): number;
  /** Stops the cluster cleanly, copies its data folder to `dest` (a template for `startPostgresCluster`), starts it again. */
  copyData(dest: string): void;
  stop(): void;
}

/**
 * A throw-away cluster in a temp dir on a free port, without fsync (tests only). initdb refuses to run as root, so
 * as root the cluster belongs to the `postgres` account. With `template` (a data folder `copyData` wrote), the cluster
 * starts from a copy of it instead of a new initdb (the server bench's seeded 100,000 vehicles).
 */
export async function startPostgresCluster(bin: string, template?: string): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'voltline-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    const result = spawnSync(file, argv as string[], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  if (template === undefined) {
    run('initdb', ['-D', data, '-U', 'voltline', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  } else {
    // cp -a keeps the files' owner and modes: the postgres account's when run as root, and 0700 as initdb made it.
    execFileSync('cp', ['-a', template, data]);
  }
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://voltline@127.0.0.1:${port}/postgres`,
    pid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    copyData(dest) {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      try {
        rmSync(dest, { recursive: true, force: true });
        execFileSync('cp', ['-a', data, dest]);
      } finally {
        start();
      }
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
