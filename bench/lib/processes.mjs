// What the benches share to run local servers: a free port, and Node scripts started as child processes.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a Node script as a child process and resolves with it and its first line on stdout (its "ready" line). */
export function startChild(script, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    let out = '';
    const onData = (data) => {
      out += data;
      const newline = out.indexOf('\n');
      if (newline === -1) return;
      child.stdout.off('data', onData);
      child.stdout.resume();
      resolve({ child, line: out.slice(0, newline) });
    };
    child.stdout.on('data', onData);
  });
}

/**
 * Runs one of the server's own benches (`server/<script>`, with the server's tsx, in its own process) and resolves
 * with the JSON of the last line it prints that starts with `{`: its figures.
 */
export function runServerBench(root, script) {
  const server = join(root, 'server');
  return new Promise((resolve, reject) => {
    const child = spawn(join(server, 'node_modules', '.bin', 'tsx'), [script], {
      cwd: server,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (data) => {
      out += data;
    });
    child.once('exit', (code) => {
      const line = out.split('\n').findLast((l) => l.startsWith('{'));
      if (code !== 0 || !line) reject(new Error(`server/${script} exited with ${code}`));
      else resolve(JSON.parse(line));
    });
  });
}
