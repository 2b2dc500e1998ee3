#!/usr/bin/env node
// A real MQTT broker for browser tests, unit tests and local use: aedes behind a WebSocket listener (ws), on loopback.
//   node e2e/servers/broker.mjs [--port 9001] [--host 127.0.0.1]     (env: MQTT_PORT, MQTT_HOST)
import { createServer } from 'node:http';
import { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Aedes } from 'aedes';
import { WebSocket, WebSocketServer } from 'ws';

/**
 * Largest WebSocket frame built from coalesced MQTT packets. Chromium hands each received frame from its network
 * process to the page as a separate message and task: at 16 KB a fleet-wide subscription (10,000 vehicles at 1 Hz,
 * ~3 MB/s) took 400-700 frames a second, and on a busy machine the hand-offs, not the page's own work, fell behind
 * (the page idle 70 %, seconds of telemetry queued in socket buffers). Just under Chromium's 64 KB small-message
 * threshold, a frame carries up to ~190 telemetry messages (decision 0051).
 */
const MAX_FRAME_BYTES = 60 * 1024;

/** Above this many bytes queued in the socket, writes wait for the socket: back-pressure for aedes. */
const HIGH_WATER_BYTES = 1024 * 1024;

/**
 * A duplex stream over a WebSocket that sends the MQTT packets written within one event-loop turn as one frame.
 * MQTT over WebSocket allows several packets per frame; browsers pay per frame, so a fleet-wide subscription
 * receives a few hundred frames per second instead of ten thousand.
 */
function coalescingStream(socket) {
  let pending = [];
  let pendingBytes = 0;
  let waiting = [];
  let scheduled = false;

  function flush() {
    scheduled = false;
    if (pending.length === 0) return;
    const data = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
    const done = waiting;
    pending = [];
    pendingBytes = 0;
    waiting = [];
    if (socket.readyState !== WebSocket.OPEN) {
      for (const cb of done) cb(new Error('WebSocket is not open'));
      return;
    }
    socket.send(data, { binary: true }, (error) => {
      for (const cb of done) cb(error ?? undefined);
    });
  }

  const stream = new Duplex({
    read() {},
    write(chunk, _encoding, callback) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      // Acknowledge at once (a packet arrives in several writes), unless the socket is backed up.
      if (socket.bufferedAmount > HIGH_WATER_BYTES) waiting.push(callback);
      else callback();
      if (pendingBytes >= MAX_FRAME_BYTES) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    final(callback) {
      flush();
      socket.close();
      callback();
    },
    destroy(error, callback) {
      // aedes destroys the stream right after writing a refusing CONNACK: send what is pending, then close.
      flush();
      socket.close();
      callback(error);
    },
  });
  socket.on('message', (data) => stream.push(data));
  socket.on('close', () => stream.push(null));
  socket.on('error', (error) => stream.destroy(error));
  return stream;
}

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
