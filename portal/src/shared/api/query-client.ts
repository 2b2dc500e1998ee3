import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query client: no retries for queries or mutations (spec §7, §9), so an error shows at once.
 * TanStack Query 5 has no logger, so the library itself logs nothing; errors reach the UI through the hooks.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 0, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}
