// MQTT over WebSocket as a Node duplex stream that sends the packets written within one event-loop turn as one
// WebSocket frame: the broker uses it for every connection, the publisher for its own.
import { Duplex } from 'node:stream';
import { WebSocket } from 'ws';

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
 * receives a few hundred frames per second instead of ten thousand. On a client socket, writes before the
 * connection opens are sent when it does.
 */
export function coalescingStream(socket) {
  let pending = [];
  let pendingBytes = 0;
  let waiting = [];
  let scheduled = false;

  function flush() {
    scheduled = false;
    if (pending.length === 0) return;
    if (socket.readyState === WebSocket.CONNECTING) {
      socket.once('open', flush);
      return;
    }
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
  socket.on('close', () => {
    stream.push(null);
    // A closed socket ends both sides: mqtt.js (the publisher) reconnects on the stream's 'close', which a Duplex
    // emits only once its writable side is done too.
    stream.destroy();
  });
  socket.on('error', (error) => stream.destroy(error));
  return stream;
}
