import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetDemoWorld } from '@/mocks/demo-control';
import { server } from '@/mocks/node';

// Every test runs against the demo world's handlers; a request nobody answers is a bug in the test or the code.
// Loopback is the exception: the live tests talk to a real MQTT broker (aedes) that they start on 127.0.0.1.
beforeAll(() =>
  server.listen({
    onUnhandledRequest(request, print) {
      const { hostname } = new URL(request.url);
      if (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '::1') return;
      print.error();
    },
  }),
);
afterEach(async () => {
  server.resetHandlers();
  await resetDemoWorld();
});
afterAll(() => server.close());
