import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetDemoWorld } from '@/mocks/demo-control';
import { server } from '@/mocks/node';

// Every test runs against the demo world's handlers; a request nobody answers is a bug in the test or the code.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await resetDemoWorld();
});
afterAll(() => server.close());
