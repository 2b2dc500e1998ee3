import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import {
  DASHBOARD_PANEL_IDS,
  DASHBOARD_PANELS,
  type DashboardPanelId,
  defaultLayoutFor,
} from '@/domain/dashboard-panels';
import { defaultPermissionsFor } from '@/domain/permissions';
import { dashboardPathFor, type RoleCode, roleTypeOf } from '@/domain/roles';
import { server } from '@/mocks/node';
import { call, signIn } from '@/mocks/test/api-test-client';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 60_000 });
beforeAll(preloadPages, 60_000);

/** The aggregate each panel fetches (the map draws from the live feed, not from an aggregate). */
const ENDPOINT: Record<DashboardPanelId, string | null> = {
  'fleet-status': 'fleet-status',
  'fault-summary': 'fault-summary',
  'recent-faults': 'recent-faults',
  map: null,
  'soc-distribution': 'soc-distribution',
  'energy-distance': 'activity',
  utilisation: 'activity',
  charging: 'charging',
  'battery-health': 'battery-health',
  tickets: 'tickets',
  co2: 'co2',
  'firmware-rollouts': 'firmware-rollouts',
  'my-vehicles': 'my-vehicles',
};

function watchPanelRequests(): Set<string> {
  const seen = new Set<string>();
  server.events.on('request:start', ({ request }) => {
    const match = /\/dashboard-data\/([a-z0-9-]+)/.exec(new URL(request.url).pathname);
    if (match?.[1]) seen.add(match[1]);
  });
  return seen;
}

const panelRegions = () =>
  Array.from(
    screen.getByTestId('dashboard-grid').querySelectorAll<HTMLElement>('[data-panel]'),
    (el) => el.dataset.panel,
  );

const ROLES: RoleCode[] = ['SA', 'OEMA', 'DA', 'FA', 'DR', 'EVO', 'BMSA', 'MCUA', 'VCUA', 'GPSA'];

describe('each role type sees its default panels, and only those its permissions allow', () => {
  test.each(ROLES)('%s', async (role) => {
    const seen = watchPanelRequests();
    const { store } = await signInWithDemoWorld(role);
    renderApp(dashboardPathFor(role), { store });
    const permissions = defaultPermissionsFor(role);
    const expected = defaultLayoutFor(roleTypeOf(role), permissions).map((p) => p.panel);
    expect(expected.length).toBeGreaterThan(0);
    await screen.findByTestId('dashboard-grid');
    expect(panelRegions()).toEqual(expected);
    for (const panel of expected) {
      expect(screen.getByRole('region', { name: DASHBOARD_PANELS[panel].title })).toBeInTheDocument();
    }
    const wanted = new Set(expected.map((p) => ENDPOINT[p]).filter((e): e is string => e !== null));
    await waitFor(() => expect(seen).toEqual(wanted));
    // Nothing else was asked for: a panel the role may not see is never fetched.
    const forbidden = DASHBOARD_PANEL_IDS.filter((p) => !expected.includes(p)).map((p) => ENDPOINT[p]);
    for (const endpoint of forbidden) if (endpoint && !wanted.has(endpoint)) expect(seen.has(endpoint)).toBe(false);
  });
});

test('a driver sees their own vehicle: state of charge, range, last trip and service due', async () => {
  const { store } = await signInWithDemoWorld('DR');
  renderApp('/driver/dashboard', { store });
  const panel = await screen.findByRole('region', { name: 'My vehicles' });
  const socs = await within(panel).findAllByText('State of charge');
  for (const label of ['Range', 'Last trip', 'Service due'])
    expect(within(panel).getAllByText(label)).toHaveLength(socs.length);
  expect(within(panel).getAllByText(/^in [\d,]+ km$/)).toHaveLength(socs.length);
  expect(screen.queryByRole('region', { name: 'Fleet status' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Configure' })).not.toBeInTheDocument();
});

test('drivers and EV owners reach their own vehicle from the dashboard: each card links to its details page', async () => {
  for (const role of ['DR', 'EVO'] as const) {
    const { store } = await signInWithDemoWorld(role);
    const view = renderApp(dashboardPathFor(role), { store });
    const panel = await screen.findByRole('region', { name: 'My vehicles' });
    const links = await within(panel).findAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    const first = links[0] as HTMLAnchorElement;
    expect(first.getAttribute('href')).toMatch(/^\/vehicle\/veh-\d{6}$/);
    await userEvent.click(first);
    // The details page opens for this role (no "no access"), on the vehicle the card named.
    expect(await screen.findByRole('heading', { level: 1, name: 'Vehicle Details' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect((await screen.findAllByText(first.textContent ?? '')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/do not have access|no access/i)).not.toBeInTheDocument();
    view.unmount();
  }
});

test('recent active faults link each vehicle to its details page (issue 18 item 5)', async () => {
  const { store, token } = await signInWithDemoWorld('SA');
  // The test world has no active fault in the panel's range: one, on a real vehicle of the world.
  const vehicle = (await call('GET', '/vehicles?pageSize=1', { token })).body.items[0];
  server.use(
    http.get('*/dashboard-data/recent-faults', () =>
      HttpResponse.json({
        active: 1,
        items: [
          {
            id: 'flt-test-1',
            vehicleId: vehicle.id,
            registrationNumber: vehicle.registrationNumber,
            code: 'BMS_OT',
            name: 'Pack over-temperature',
            severity: 4,
            kind: 'Fault',
            occurredAt: new Date().toISOString(),
          },
        ],
      }),
    ),
  );
  renderApp(dashboardPathFor('SA'), { store });
  const panel = await screen.findByRole('region', { name: 'Recent Active Faults' });
  const table = await within(panel).findByRole('table', {}, { timeout: 20_000 });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const cells = within(row).getAllByRole('cell');
    const vehicle = within(cells[2] as HTMLElement).getByRole('link');
    expect(vehicle.getAttribute('href')).toMatch(/^\/vehicle\/veh-\d{6}$/);
    expect(vehicle.textContent).toMatch(/^KA/);
  }
});

test('a failing panel shows its error in place and the rest of the dashboard still works', async () => {
  server.use(
    http.get('*/dashboard-data/fault-summary', () =>
      HttpResponse.json({ code: 'boom', message: 'The fault store is down.' }, { status: 500 }),
    ),
  );
  const { store } = await signInWithDemoWorld('SA');
  renderApp('/dashboard', { store });
  const faults = await screen.findByRole('region', { name: 'Fault Summary' });
  expect(await within(faults).findByRole('alert')).toHaveTextContent('The fault store is down.');
  const status = screen.getByRole('region', { name: 'Fleet status' });
  expect(await within(status).findByText('Online')).toBeInTheDocument();
});

test('the time range applies to every panel that follows it, and is kept in the URL', async () => {
  const ranges: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/dashboard-data/fault-summary')) ranges.push(`${url.searchParams.get('from')}`);
  });
  const { store } = await signInWithDemoWorld('SA');
  const { router } = renderApp('/dashboard', { store });
  await screen.findByRole('region', { name: 'Fault Summary' });
  await waitFor(() => expect(ranges).toHaveLength(1));
  await userEvent.click(screen.getByRole('radio', { name: '30 days' }));
  expect(router.state.location.search).toContain('range=30d');
  await waitFor(() => expect(ranges).toHaveLength(2));
  const [week, month] = ranges.map((r) => Date.parse(r));
  expect((week as number) - (month as number)).toBe(23 * 86_400_000);
});

/** A local day `days` before today, as a date field holds it. */
function dayBefore(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('a custom time range', () => {
  async function openCustom() {
    const ranges: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/dashboard-data/fault-summary'))
        ranges.push(`${url.searchParams.get('from')} ${url.searchParams.get('to')}`);
    });
    const { store } = await signInWithDemoWorld('SA');
    const view = renderApp('/dashboard', { store });
    await screen.findByRole('region', { name: 'Fault Summary' });
    await waitFor(() => expect(ranges).toHaveLength(1));
    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    const form = screen.getByRole('form', { name: 'Custom time range' });
    const set = (label: 'From' | 'To', day: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value: day } });
    return { ...view, ranges, form, set };
  }

  test('applies whole local days to every panel and keeps them in the URL', async () => {
    const { router, ranges, form, set } = await openCustom();
    set('From', dayBefore(20));
    set('To', dayBefore(10));
    await userEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(router.state.location.search).toContain(`range=custom&from=${dayBefore(20)}&to=${dayBefore(10)}`);
    await waitFor(() => expect(ranges).toHaveLength(2));
    const [from, to] = (ranges[1] as string).split(' ').map((t) => new Date(t));
    expect(from?.getHours()).toBe(0);
    expect(to?.getHours()).toBe(0);
    // Eleven days, both ends included.
    expect(Math.round(((to as Date).getTime() - (from as Date).getTime()) / 86_400_000)).toBe(11);
    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
  });

  test('an end before the start, or a start beyond the data, is a message in place; the panels keep their range', async () => {
    const { router, ranges, form, set } = await openCustom();
    set('From', dayBefore(3));
    set('To', dayBefore(5));
    await userEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByText('The end of the range is before its start.')).toBeInTheDocument();
    set('From', dayBefore(75));
    set('To', dayBefore(1));
    await userEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByText(/^Data goes back 60 days, to .*: pick a later start\.$/)).toBeInTheDocument();
    expect(within(form).queryByText('The end of the range is before its start.')).not.toBeInTheDocument();
    expect(router.state.location.search).not.toContain('custom');
    expect(ranges).toHaveLength(1);
    // The rest of the dashboard still works on the range it had.
    const faults = screen.getByRole('region', { name: 'Fault Summary' });
    await waitFor(() => expect(faults).toHaveTextContent(/still active|No faults or alerts in this range/));
    expect(within(faults).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '30 days' }));
    await waitFor(() => expect(ranges).toHaveLength(2));
  });

  test('a hand-edited custom range that is not valid falls back to the default preset', async () => {
    const { store } = await signInWithDemoWorld('SA');
    renderApp(`/dashboard?range=custom&from=${dayBefore(2)}&to=${dayBefore(9)}`, { store });
    await screen.findByRole('region', { name: 'Fault Summary' });
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked();
  });
});

test('a saved dashboard replaces the default; with several, a picker chooses which one shows', async () => {
  const { store, token } = await signInWithDemoWorld('OEMA');
  await call('POST', '/dashboards', {
    token,
    body: { name: 'Faults only', panels: [{ id: 'a', panel: 'fault-summary', x: 0, y: 0, w: 6, h: 4 }] },
  });
  await call('POST', '/dashboards', {
    token,
    body: { name: 'Tickets', panels: [{ id: 'b', panel: 'tickets', x: 0, y: 0, w: 4, h: 4 }] },
  });
  renderApp('/dashboard', { store });
  await screen.findByRole('region', { name: 'Fault Summary' });
  expect(panelRegions()).toEqual(['fault-summary']);
  await userEvent.click(screen.getByRole('textbox', { name: 'Dashboard' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Tickets' }));
  await screen.findByRole('region', { name: 'Open tickets' });
  expect(panelRegions()).toEqual(['tickets']);
});

test('the real-time map view links to the full-height fleet map, and back', async () => {
  const { store } = await signInWithDemoWorld('SA');
  const { router } = renderApp('/dashboard', { store });
  await userEvent.click(await screen.findByRole('link', { name: 'Open the fleet map' }));
  expect(await screen.findByRole('heading', { name: 'Dashboard: Fleet map' })).toBeInTheDocument();
  expect(router.state.location.search).toBe('?view=map');
  expect(await screen.findByRole('textbox', { name: 'Find a vehicle' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Vehicle states shown' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
  expect(await screen.findByText(/Welcome back/)).toBeInTheDocument();
});

const ROLLOUT_POLICY = {
  canaryPercent: 0,
  waveSize: 5,
  pauseBetweenWavesSec: 5,
  failureThresholdPercent: 30,
  minFinishedCount: 2,
  timeoutSec: 60,
  maxRetries: 0,
  preconditions: { minSoc: 0, parked: false, notCharging: false, ignitionOff: false, connected: false },
};

/** Cancels the demo world's seeded paused rollouts (one per BMS, MCU and VCU kind), so a test starts with none. */
async function cancelSeededRollouts() {
  const sa = await signIn('SA');
  const open = await call('GET', '/firmware-rollouts?filter[status]=paused&pageSize=100', { token: sa });
  for (const r of open.body.items as { id: string }[])
    await call('POST', `/firmware-rollouts/${r.id}/cancel`, { token: sa });
}

describe('firmware rollouts in progress', () => {
  test('a BMS admin sees the BMS rollout the demo world seeds, paused, and no other kind', async () => {
    const { store } = await signInWithDemoWorld('BMSA');
    renderApp(dashboardPathFor('BMSA'), { store });
    const panel = await screen.findByRole('region', { name: 'Firmware rollouts in progress' });
    expect(await within(panel).findByText('Paused')).toBeInTheDocument();
    expect(panel).toHaveTextContent('0 running, 1 paused');
    expect(within(panel).getByRole('link', { name: /^Open the rollout of BMS 4\.0\.0/ })).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: /^Open the rollout of (MCU|VCU)/ })).not.toBeInTheDocument();
  });

  test.each(['SA', 'OEMA'] as const)(
    '%s sees a paused rollout with its progress, and opens it on the firmware page',
    async (role) => {
      const { store, token } = await signInWithDemoWorld(role);
      await cancelSeededRollouts();
      const releases = await call('GET', '/firmware-releases?filter[deviceType]=BMS&sort=createdAt:desc&pageSize=1', {
        token,
      });
      const release = releases.body.items[0] as { id: string; version: string };
      const rollout = await call('POST', '/firmware-rollouts', {
        token,
        body: { releaseId: release.id, target: { kind: 'filter', filter: {} }, policy: ROLLOUT_POLICY },
      });
      expect(rollout.status).toBe(201);
      await call('POST', `/firmware-rollouts/${rollout.body.id}/pause`, { token });
      const { router } = renderApp(dashboardPathFor(role), { store });
      const panel = await screen.findByRole('region', { name: 'Firmware rollouts in progress' });
      expect(await within(panel).findByText('Paused')).toBeInTheDocument();
      expect(panel).toHaveTextContent('0 running, 1 paused');
      expect(panel).toHaveTextContent(`0 of ${rollout.body.deviceCount} devices done (0 %)`);
      const link = within(panel).getByRole('link', { name: new RegExp(`^Open the rollout of BMS ${release.version}`) });
      await userEvent.click(link);
      await waitFor(() => expect(router.state.location.pathname).toBe('/firmware-release'));
      expect(router.state.location.search).toContain(`rollout=${rollout.body.id}`);
    },
  );

  test('with none running or paused the panel says so; a failure shows in the panel only', async () => {
    const { store } = await signInWithDemoWorld('SA');
    await cancelSeededRollouts();
    const view = renderApp('/dashboard', { store });
    const panel = await screen.findByRole('region', { name: 'Firmware rollouts in progress' });
    expect(await within(panel).findByText('No firmware rollout is running or paused.')).toBeInTheDocument();
    view.unmount();
    server.use(
      http.get('*/dashboard-data/firmware-rollouts', () =>
        HttpResponse.json({ code: 'boom', message: 'The firmware service is down.' }, { status: 503 }),
      ),
    );
    renderApp('/dashboard', { store });
    const failed = await screen.findByRole('region', { name: 'Firmware rollouts in progress' });
    expect(await within(failed).findByRole('alert')).toHaveTextContent('The firmware service is down.');
    const status = screen.getByRole('region', { name: 'Fleet status' });
    expect(await within(status).findByText('Online')).toBeInTheDocument();
  });

  test('a fleet admin (firmware history only, no FOTA) neither sees the panel nor may add it', async () => {
    const { store } = await signInWithDemoWorld('FA');
    renderApp('/fleet/dashboard', { store });
    await screen.findByTestId('dashboard-grid');
    expect(screen.queryByRole('region', { name: 'Firmware rollouts in progress' })).not.toBeInTheDocument();
    expect(panelRegions()).not.toContain('firmware-rollouts');
  });
});
