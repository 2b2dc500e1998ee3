#!/usr/bin/env node
// A real MQTT broker for browser tests, unit tests and local use: aedes behind a WebSocket listener (ws), on loopback.
//   node e2e/servers/broker.mjs [--port 9001] [--host 127.0.0.1]     (env: MQTT_PORT, MQTT_HOST)
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Aedes } from 'aedes';
import { WebSocketServer } from 'ws';
import { coalescingStream } from './ws-coalescing-stream.mjs';

/**
 * Starts aedes with a WebSocket listener.
 * @param {{ port?: number, host?: string, credentials?: { username: string, password: string } }} [options]
 *   port 0 picks a free port; with `credentials`, CONNECT must carry them (else CONNACK 4).
 */
export async function startBroker(options = {}) {
  const host = options.host ?? process.env.MQTT_HOST ?? '127.0.0.1';
  const port = options.port ?? Number(process.env.MQTT_PORT ?? 9001);
  // drainTimeout: a frozen browser tab must not stall delivery to everyone else.
  const aedes = await Aedes.createBroker({ drainTimeout: 10_000, concurrency: 1000 });
  if (options.credentials) {
    const { username, password } = options.credentials;
    aedes.authenticate = (_client, user, pass, done) => {
      const ok = user === username && pass?.toString() === password;
      if (ok) done(null, true);
      else done(Object.assign(new Error('bad credentials'), { returnCode: 4 }), false);
    };
  }
  const http = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' });
    res.end('MQTT over WebSocket only\n');
  });
  const wss = new WebSocketServer({ server: http });
  const sockets = new Set();
  wss.on('connection', (socket, req) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    aedes.handle(coalescingStream(socket), req);
  });
  await new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => resolve(undefined));
  });
  const address = http.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;

  /** Drops every client connection as a network failure would (no DISCONNECT packet). */
  function disconnectAll() {
    for (const socket of sockets) socket.terminate();
  }

  async function close() {
    disconnectAll();
    await new Promise((resolve) => wss.close(() => resolve(undefined)));
    await new Promise((resolve) => http.close(() => resolve(undefined)));
    await new Promise((resolve) => aedes.close(() => resolve(undefined)));
  }

  return { aedes, host, port: boundPort, url: `ws://${host}:${boundPort}`, disconnectAll, close };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' } } });
  const broker = await startBroker({ port: values.port ? Number(values.port) : undefined, host: values.host });
  console.log(`broker: MQTT over WebSocket on ${broker.url}`);
  const stop = () => broker.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
