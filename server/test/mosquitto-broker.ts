import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './postgres-cluster.ts';

/** Debian's Mosquitto (`apt-get install mosquitto`), or MOSQUITTO_BIN's folder; undefined when it is not installed. */
export function findMosquitto(): { broker: string; passwd: string } | undefined {
  const dirs = process.env.MOSQUITTO_BIN ? [process.env.MOSQUITTO_BIN] : ['/usr/sbin', '/usr/bin'];
  for (const dir of dirs) {
    const broker = join(dir, 'mosquitto');
    const passwd = [join(dir, 'mosquitto_passwd'), '/usr/bin/mosquitto_passwd'].find((file) => existsSync(file));
    if (existsSync(broker) && passwd) return { broker, passwd };
  }
  return undefined;
}

/** The server's account on the broker: every voltline/v1 topic (publishes commands, subscribes by `$share`). */
export const SERVER_ACCOUNT = 'voltline-server';

/**
 * Mosquitto's ACL for Voltline (portal/api/live-topics.md, decision 0117): the server's account reads and writes every
 * voltline/v1 topic; any other account is a vehicle whose username is its id (`%u`), which may publish only its own
 * telemetry (any tile), acknowledgements, trip events and its devices' OTA progress, and read only its own commands.
 * docs/operating.md shows the same file.
 */
export function voltlineAcl(serverAccount = SERVER_ACCOUNT): string {
  return [
    `user ${serverAccount}`,
    'topic readwrite voltline/v1/#',
    '',
    'pattern write voltline/v1/telemetry/+/%u',
    'pattern write voltline/v1/vehicles/%u/acks',
    'pattern write voltline/v1/vehicles/%u/trips',
    'pattern write voltline/v1/vehicles/%u/devices/+/ota',
    'pattern read voltline/v1/vehicles/%u/commands',
    '',
  ].join('\n');
}

export interface Mosquitto {
  /** mqtt://127.0.0.1:<port> (no credentials). */
  url: string;
  /** MQTT_URL for the server: its account's credentials in the URL. */
  serverUrl: string;
  /** The password of each account the broker was started with. */
  passwords: Map<string, string>;
  /** The broker's process id (for measuring its CPU time). */
  pid(): number;
  stop(): Promise<void>;
}

/**
 * A throw-away Mosquitto on a free loopback port in its own temp dir: `allow_anonymous false`, a password file made
 * with `mosquitto_passwd -b` (the server's account and one per vehicle id in `vehicles`, each with a random password)
 * and `voltlineAcl()`. Resolves once it accepts connections.
 */
export async function startMosquitto(vehicles: string[]): Promise<Mosquitto> {
  const bins = findMosquitto();
  if (!bins) throw new Error('Mosquitto is not installed: apt-get install mosquitto (or set MOSQUITTO_BIN)');
  const dir = mkdtempSync(join(tmpdir(), 'voltline-mosquitto-'));
  const passwords = new Map<string, string>();
  const passwordFile = join(dir, 'passwords');
  writeFileSync(passwordFile, '');
  for (const account of [SERVER_ACCOUNT, ...vehicles]) {
    const password = crypto.randomUUID();
    passwords.set(account, password);
    execFileSync(bins.passwd, ['-b', passwordFile, account, password], { stdio: 'pipe' });
  }
  writeFileSync(join(dir, 'acl'), voltlineAcl());
  const port = await freePort();
  writeFileSync(
    join(dir, 'mosquitto.conf'),
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${passwordFile}`,
      `acl_file ${join(dir, 'acl')}`,
      'persistence false',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  // As root Mosquitto drops to the `mosquitto` account, which must read its files; they hold test passwords only.
  for (const file of ['passwords', 'acl', 'mosquitto.conf']) chmodSync(join(dir, file), 0o644);
  chmodSync(dir, 0o755);
  const child: ChildProcess = spawn(bins.broker, ['-c', join(dir, 'mosquitto.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`mosquitto did not start: ${stderr || readFileSync(join(dir, 'mosquitto.conf'), 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const password = encodeURIComponent(passwords.get(SERVER_ACCOUNT) ?? '');
  return {
    url: `mqtt://127.0.0.1:${port}`,
    serverUrl: `mqtt://${SERVER_ACCOUNT}:${password}@127.0.0.1:${port}`,
    passwords,
    pid: () => child.pid ?? 0,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
