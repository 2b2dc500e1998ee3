import { type DependencyList, useCallback, useEffect, useState } from 'react';

export type AsyncState<T> = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'success'; data: T };

/**
 * Run `load` when the dependencies change and expose loading, error and data, with `retry` for the error state.
 * A result that arrives after the dependencies changed is dropped.
 */
export function useAsync<T>(
  load: (() => Promise<T>) | null,
  deps: DependencyList,
): AsyncState<T> & { retry: () => void; setData: (update: (data: T) => T) => void } {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when load runs again
  useEffect(() => {
    if (!load) {
      setState({ status: 'loading' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (data) => current && setState({ status: 'success', data }),
      (error: unknown) =>
        current && setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
  }, [...deps, attempt, load === null]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback(
    (update: (data: T) => T) =>
      setState((s) => (s.status === 'success' ? { status: 'success', data: update(s.data) } : s)),
    [],
  );
  return { ...state, retry, setData };
}
