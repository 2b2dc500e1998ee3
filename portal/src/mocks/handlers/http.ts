import { createOpenApiHttp } from 'openapi-msw';
import type { paths } from '@/domain/api-schema';

/** Typed MSW handler factories for the Fleet API, rooted at the configured API base URL. */
export function createApiHttp(baseUrl: string) {
  return createOpenApiHttp<paths>({ baseUrl: baseUrl.replace(/\/+$/, '') });
}

export type ApiHttp = ReturnType<typeof createApiHttp>;
