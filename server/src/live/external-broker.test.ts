import { createServer } from 'node:http';
import { Aedes } from 'aedes';
import { expect, test } from 'vitest';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { connectExternalBroker } from './external-broker';

test('MQTT_URL: the server connects to an external broker and reports when it is down', async () => {
  const aedes = await Aedes.createBroker();
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (socket, request) => aedes.handle(createWebSocketStream(socket), request));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const broker = connectExternalBroker(`ws://127.0.0.1:${port}`);
  try {
    await expect.poll(() => broker.isUp(), { timeout: 10_000 }).toBe(true);
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await expect.poll(() => broker.isUp(), { timeout: 10_000 }).toBe(false);
  } finally {
    await broker.close();
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
  }
});
