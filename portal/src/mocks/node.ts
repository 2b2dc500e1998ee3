import { setupServer } from 'msw/node';
import { createHandlers } from './handlers';

/** The demo world's handlers under msw/node, for unit tests. */
export const server = setupServer(...createHandlers());
