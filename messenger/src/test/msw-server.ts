import { createWidgetMock } from '@voltline/widget/mock';
import { setupServer } from 'msw/node';

/** Base URL the test widget sends in session-update (see render-messenger). */
export const TEST_API_URL = 'https://api.example';

/**
 * The Widget API of `@voltline/widget/mock`, the same handlers demo mode uses; `mock.store` is reset after each test.
 */
export const mock = createWidgetMock({ apiUrl: TEST_API_URL, wsUrl: 'wss://ws.example' });

/** One MSW server for every messenger test; tests add failures with `server.use(...)` or `failNext`. */
export const server = setupServer(...mock.handlers);
