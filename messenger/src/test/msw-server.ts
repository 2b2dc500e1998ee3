import { setupServer } from 'msw/node';
import { widgetApiHandlers } from './widget-api-handlers';

/** One MSW server for every messenger test; tests add failures with `server.use(...)`. */
export const server = setupServer(...widgetApiHandlers);
