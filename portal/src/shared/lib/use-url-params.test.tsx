import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, test } from 'vitest';
import { useUrlParams } from './use-url-params';

test('sets and removes several parameters at once, keeping the others, without a new history entry', () => {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/analysis', element: children }], {
      initialEntries: ['/start', '/analysis?tab=compare&from=2026-11-01&ids=a,b'],
      initialIndex: 1,
    });
    return <RouterProvider router={router} />;
  };
  const { result } = renderHook(() => ({ params: useUrlParams() }), { wrapper });
  act(() => result.current.params[1]({ from: '2026-11-10', ids: null, metric: '', groupBy: 'fleet' }));
  const search = result.current.params[0];
  expect(search.get('tab')).toBe('compare');
  expect(search.get('from')).toBe('2026-11-10');
  expect(search.has('ids')).toBe(false);
  expect(search.has('metric')).toBe(false);
  expect(search.get('groupBy')).toBe('fleet');
  // Replaced, not pushed: Back leaves the page.
  expect(router?.state.historyAction).toBe('REPLACE');
});
