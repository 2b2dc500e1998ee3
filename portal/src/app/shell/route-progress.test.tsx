import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import '@/test/render';
import { RouteProgress } from './route-progress';

function deferred() {
  let resolve: () => void = () => {};
  let reject: (e: Error) => void = () => {};
  const promise = new Promise<null>((res, rej) => {
    resolve = () => res(null);
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderWithSlowRoute(gate: ReturnType<typeof deferred>) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <RouteProgress />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>Start</p> },
          { path: '/slow', loader: () => gate.promise, element: <p>Slow page</p>, errorElement: <p>Failed</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('the route-change spinner', () => {
  test('shows while the next route loads and clears when it completes', async () => {
    const gate = deferred();
    const router = renderWithSlowRoute(gate);
    expect(screen.queryByRole('status', { name: 'Loading page' })).not.toBeInTheDocument();
    act(() => void router.navigate('/slow'));
    expect(await screen.findByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    await act(async () => gate.resolve());
    expect(await screen.findByText('Slow page')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading page' })).not.toBeInTheDocument();
  });

  test('clears when the route change fails', async () => {
    const gate = deferred();
    const router = renderWithSlowRoute(gate);
    act(() => void router.navigate('/slow'));
    expect(await screen.findByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    await act(async () => gate.reject(new Error('chunk failed')));
    expect(await screen.findByText('Failed')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading page' })).not.toBeInTheDocument();
  });
});
