import { Alert, Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toApiError } from '@/shared/api/api-client';

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** What is loading, e.g. "trips" ("Loading trips…", "Trips could not be loaded"). */
  what: string;
  /** True when the loaded data has nothing to show. */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}

/** Loading, error and empty states of one query, around what it shows when it has data. */
export function QueryState<T>({ query, what, isEmpty, emptyText, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={`${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded`} role="alert">
        {toApiError(query.error).message}
      </Alert>
    );
  }
  if (isEmpty?.(query.data)) {
    return (
      <Text c="dimmed" size="sm" py="md">
        {emptyText ?? `No ${what} yet.`}
      </Text>
    );
  }
  return <>{children(query.data)}</>;
}
