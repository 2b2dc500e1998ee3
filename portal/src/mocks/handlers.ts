import type { RequestHandler } from 'msw';
import { getEnv } from '@/config/env';
import { createAuthHandlers } from './handlers/auth';
import { createApiHttp } from './handlers/http';

/** Every Fleet API handler of the demo world, rooted at the API base URL (the same list in the browser and in tests). */
export function createHandlers(baseUrl: string = getEnv().apiUrl): RequestHandler[] {
  const http = createApiHttp(baseUrl);
  return [...createAuthHandlers(http)];
}
