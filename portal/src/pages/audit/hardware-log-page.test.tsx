import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { server } from '@/mocks/node';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);
afterEach(() => {
  server.events.removeAllListeners();
});

async function openAs(role: RoleCode, path: string) {
  const { store } = await signInWithDemoWorld(role);
  return renderApp(path, { store });
}

const dataRows = async () =>
  within(await screen.findByRole('table', { name: 'Hardware log' }))
    .getAllByRole('row')
    .slice(1);

function watchLogRequests(): URL[] {
  const seen: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/hardware-logs')) seen.push(url);
  });
  return seen;
}

describe('hardware log', () => {
  test('lists a page of logger messages with level, device and time', async () => {
    await openAs('SA', '/hardware-log');
    await waitFor(async () => expect(await dataRows()).toHaveLength(25));
    const first = (await dataRows())[0] as HTMLElement;
    expect(within(first).getByText(/^(DEBUG|INFO|WARN|ERROR)$/)).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: /^Show only device / })).toBeInTheDocument();
  });

  test('the level filter changes the request and the rows', async () => {
    const seen = watchLogRequests();
    const { router } = await openAs('SA', '/hardware-log');
    await waitFor(async () => expect(await dataRows()).toHaveLength(25));
    await userEvent.selectOptions(screen.getByLabelText('Level'), 'ERROR');
    await waitFor(
      async () => {
        for (const row of await dataRows()) expect(row).toHaveTextContent('ERROR');
      },
      { timeout: 15_000 },
    );
    expect(router.state.location.search).toContain('level=ERROR');
    expect(seen.some((u) => u.searchParams.get('filter[level]') === 'ERROR')).toBe(true);
  });

  test('a device in a row filters the list to that device', async () => {
    const seen = watchLogRequests();
    await openAs('SA', '/hardware-log');
    await waitFor(async () => expect(await dataRows()).toHaveLength(25));
    const device = within((await dataRows())[0] as HTMLElement).getByRole('button', { name: /^Show only device / });
    const serial = device.textContent ?? '';
    await userEvent.click(device);
    expect(await screen.findByRole('button', { name: 'Show every device' })).toBeInTheDocument();
    await waitFor(
      async () => {
        for (const row of await dataRows()) expect(row).toHaveTextContent(serial);
      },
      { timeout: 15_000 },
    );
    expect(seen.some((u) => u.searchParams.get('filter[deviceId]'))).toBe(true);
  });

  test('the live tail asks again while it runs and stops when paused', async () => {
    const seen = watchLogRequests();
    await openAs('SA', '/hardware-log');
    await waitFor(async () => expect(await dataRows()).toHaveLength(25));
    expect(screen.getByText('Live tail on')).toBeInTheDocument();
    const before = seen.length;
    await waitFor(() => expect(seen.length).toBeGreaterThan(before), { timeout: 8_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Pause live tail' }));
    expect(screen.getByText('Live tail paused')).toBeInTheDocument();
    const paused = seen.length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 4_000)));
    expect(seen.length).toBe(paused);
    expect(screen.getByRole('button', { name: 'Resume live tail' })).toBeInTheDocument();
  });

  test('shows an empty state when nothing matches', async () => {
    await openAs('SA', '/hardware-log?q=no-such-message-anywhere');
    expect(await screen.findByText('No messages match these filters.')).toBeInTheDocument();
  });

  test('shows the error when the log cannot load', async () => {
    server.use(
      http.get('/api/hardware-logs', () =>
        HttpResponse.json({ code: 'internal', message: 'The log store is down.' }, { status: 500 }),
      ),
    );
    await openAs('SA', '/hardware-log');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/could not load hardware log/i);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  test('a BMS employee may open it', async () => {
    await openAs('BMSE', '/hardware-log');
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
  });
});
