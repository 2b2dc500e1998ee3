import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';
import { resetWorld } from './widget-api-handlers';

// Screens load with import() on first use; under a parallel run the first transform of a chunk can pass 1 s.
configure({ asyncUtilTimeout: 8000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetWorld();
});
afterAll(() => server.close());
