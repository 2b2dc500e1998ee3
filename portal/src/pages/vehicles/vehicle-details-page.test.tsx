import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, test } from 'vitest';
import { ACTION } from '@/domain/permissions';
import { server } from '@/mocks/node';
import { getWorldDb } from '@/mocks/world/world-instance';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp } from '@/test/render';

beforeAll(preloadPages, 60_000);

/** A demo-world vehicle with trips, 3 faults (High, Medium, Low; 2 unacknowledged), 3 commands and a notification. */
const VEHICLE = 'veh-000018';

async function openAs(role: 'SA' | 'DR', path: string, narrow?: Parameters<typeof signInWithApi>[2]) {
  const store = createTestStore();
  await signInWithApi(store, role, narrow);
  return renderApp(path, { store });
}

describe('vehicle details', () => {
  test('shows the eight tabs and opens the tab named in the URL', async () => {
    await openAs('SA', `/vehicle/${VEHICLE}?tab=commands`);
    const list = await screen.findByRole('tablist', { name: 'Vehicle details' });
    expect(within(list).getAllByRole('tab')).toHaveLength(8);
    expect(within(list).getByRole('tab', { name: 'Commands' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(`ID ${VEHICLE}`)).toBeInTheDocument();
  });

  test('keeps the current tab in the URL', async () => {
    const { router } = await openAs('SA', `/vehicle/${VEHICLE}`);
    await userEvent.click(await screen.findByRole('tab', { name: 'Location Analysis' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=location-analysis'));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Location Analysis' })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  test('shows a driver only the tabs their permissions allow', async () => {
    await openAs('DR', '/vehicle/veh-000029?tab=commands');
    const list = await screen.findByRole('tablist', { name: 'Vehicle details' });
    const names = within(list)
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(names).toEqual(['Overview', 'Trip Analysis', 'Notifications', 'Fault & Alerts', 'Location Analysis']);
    expect(within(list).getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  test('says so when the vehicle does not exist', async () => {
    await openAs('SA', '/vehicle/veh-999999');
    expect(await screen.findByText('The vehicle could not be loaded')).toBeInTheDocument();
  });
});

describe('vehicle details: overview', () => {
  test('shows the state code with its label, SoC, health and links to the linked devices', async () => {
    await openAs('SA', `/vehicle/${VEHICLE}`);
    expect(await screen.findByRole('table', { name: 'Identity' })).toBeInTheDocument();
    expect(
      screen.getByText(
        /^(StandBy|Accessory|StartUp|HVON|Drive Start Up|Drive|Limp Home|Charge Start Up|AC Charge|DC Charge|Shutdown|Emergency Shutdown|Discharge|SNA) \(\w+\)$/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'State of charge' })).toBeInTheDocument();
    const devices = screen.getByRole('table', { name: 'Linked devices' });
    expect(within(devices).getByRole('link', { name: 'bms-000018' })).toHaveAttribute(
      'href',
      '/bms/details/bms-000018',
    );
    expect(within(devices).getByRole('link', { name: 'mcu-000018' })).toHaveAttribute(
      'href',
      '/mcu/details/mcu-000018',
    );
    expect(within(devices).getByRole('link', { name: 'vcu-000018' })).toHaveAttribute(
      'href',
      '/vcu/details/vcu-000018',
    );
    expect(screen.getByRole('table', { name: 'Last location' })).toHaveTextContent(/Latitude-?\d+\.\d{5}/);
  });
});

describe('vehicle details: trip analysis', () => {
  test('lists trips and shows the detail of the selected one', async () => {
    await openAs('SA', `/vehicle/${VEHICLE}?tab=trip-analysis`);
    const table = await screen.findByRole('table', { name: 'Trips' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toHaveTextContent(/km/);
    expect(rows[0]).toHaveTextContent(/kWh/);
    await userEvent.click(rows[0]!);
    const detail = await screen.findByRole('region', { name: 'Trip detail' });
    expect(detail).toHaveTextContent('Top speed');
  });

  test('keeps the selected trip open while its playback moves through the route', async () => {
    await openAs('SA', `/vehicle/${VEHICLE}?tab=trip-analysis`);
    const table = await screen.findByRole('table', { name: 'Trips' });
    await userEvent.click(within(table).getAllByRole('row')[1]!);
    const slider = await screen.findByRole('slider', { name: 'Trip position' });
    slider.focus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('region', { name: 'Trip detail' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row', { selected: true })).toHaveLength(1);
  });
});

describe('vehicle details: notifications', () => {
  test('lists the notifications rules sent for the vehicle', async () => {
    await openAs('SA', `/vehicle/${VEHICLE}?tab=notifications`);
    const table = await screen.findByRole('table', { name: 'Notifications' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(table).toHaveTextContent('High severity faults');
    expect(table).toHaveTextContent('Web Alert');
  });
});

describe('vehicle details: faults', () => {
  test('filters faults by severity', async () => {
    await openAs('SA', `/vehicle/${VEHICLE}?tab=faults`);
    const table = await screen.findByRole('table', { name: 'Faults and alerts' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    await userEvent.click(screen.getByRole('checkbox', { name: 'High' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Faults and alerts' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(screen.getByLabelText('Severity: High')).toBeInTheDocument();
    expect(screen.queryByLabelText('Severity: Low')).not.toBeInTheDocument();
  });

  test('acknowledges a fault', async () => {
    await openAs('SA', `/vehicle/${VEHICLE}?tab=faults`);
    const buttons = await screen.findAllByRole('button', { name: /^Acknowledge / });
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[0]!);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Acknowledge / })).toHaveLength(1));
  });

  test('hides Acknowledge from a driver, who may only read faults', async () => {
    await openAs('DR', '/vehicle/veh-000029?tab=faults');
    await screen.findByRole('table', { name: 'Faults and alerts' });
    expect(screen.queryByRole('button', { name: /^Acknowledge / })).not.toBeInTheDocument();
    expect(screen.getAllByText('Not yet').length).toBeGreaterThan(0);
  });
});

describe('vehicle details: commands', () => {
  test('lists the command history with its statuses', async () => {
    await openAs('SA', `/vehicle/${VEHICLE}?tab=commands`);
    const table = await screen.findByRole('table', { name: 'Command history' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getAllByLabelText(/^Status: (Success|Failed)$/)).toHaveLength(3);
  });

  test("shows the OTA history of the vehicle's devices under its commands, with the OTA history key only", async () => {
    const db = await getWorldDb();
    // A vehicle with seeded history updates only (none from the seeded rollouts, whose rows would come first).
    const inRollouts = new Set(
      db.tables.otaUpdates
        .all()
        .filter((u) => u.rolloutId !== null)
        .map((u) => u.vehicleId),
    );
    const update = db.tables.otaUpdates
      .all()
      .find((u) => u.vehicleId !== null && u.sentAt !== null && !inRollouts.has(u.vehicleId));
    if (!update?.vehicleId) throw new Error('no OTA update of a fitted device in the demo world');
    await openAs('SA', `/vehicle/${update.vehicleId}?tab=commands`);
    const history = await screen.findByRole('table', { name: 'OTA history' });
    expect(within(history).getByText(update.toVersion)).toBeInTheDocument();
    cleanup();
    await openAs('SA', `/vehicle/${update.vehicleId}?tab=commands`, (d) => {
      const { 'vh.l.d.ota': _, ...rest } = d;
      return rest;
    });
    await screen.findByRole('button', { name: 'Send command' });
    expect(screen.queryByRole('heading', { name: 'OTA history' })).not.toBeInTheDocument();
  });

  test('hides sending from a user without the Send Command add bit', async () => {
    await openAs('SA', `/vehicle/${VEHICLE}?tab=commands`, (d) => ({ ...d, 'vh.l.d.c.s': ACTION.LIST }));
    await screen.findByRole('table', { name: 'Command history' });
    expect(screen.queryByRole('button', { name: 'Send command' })).not.toBeInTheDocument();
  });

  test('asks for a command before sending', async () => {
    await openAs('SA', `/vehicle/${VEHICLE}?tab=commands`);
    await userEvent.click(await screen.findByRole('button', { name: 'Send command' }));
    expect(await screen.findByText('Choose a command to send.')).toBeInTheDocument();
  });
});

describe('vehicle details: analysis and attributes', () => {
  test('charts the chosen telemetry keys over the range with a summary per key', async () => {
    await openAs('SA', `/vehicle/${VEHICLE}?tab=analysis`);
    expect(await screen.findByRole('figure', { name: 'Telemetry, Last 24 hours' })).toBeInTheDocument();
    const summary = await screen.findByRole('table', { name: 'Telemetry summary' });
    const rows = within(summary).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('2000');
    await userEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    expect(await screen.findByRole('figure', { name: 'Telemetry, Last 7 days' })).toBeInTheDocument();
  });

  test('charts a custom range and refuses one that ends before it starts', async () => {
    await openAs('SA', `/vehicle/${VEHICLE}?tab=analysis`);
    await screen.findByRole('table', { name: 'Telemetry summary' });
    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    const to = screen.getByLabelText('To');
    expect(await screen.findByRole('figure', { name: /^Telemetry, .+ to .+$/ })).toBeInTheDocument();
    await userEvent.clear(to);
    await userEvent.type(to, '2020-01-01T00:00');
    expect(await screen.findByText('The start must be before the end.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Telemetry summary' })).not.toBeInTheDocument();
  });

  test('shows the model telemetry template with values and highlights keys outside their range', async () => {
    let first = '';
    server.use(
      http.get('/api/vehicles/:id/telemetry', async ({ request }) => {
        const keys = (new URL(request.url).searchParams.get('keys') ?? '').split(',');
        first = keys[0] ?? '';
        // Only the first key answers, far above any range.
        return HttpResponse.json({ items: [{ key: first, unit: '', points: [[Date.now(), 1e9]] }] });
      }),
    );
    await openAs('SA', `/vehicle/${VEHICLE}?tab=attributes`);
    const table = await screen.findByRole('table', { name: 'Telemetry attributes' });
    const invalidRows = () =>
      within(table)
        .getAllByRole('row')
        .filter((r) => r.getAttribute('aria-invalid') === 'true');
    await waitFor(() => expect(invalidRows().length).toBeGreaterThan(0));
    const invalid = invalidRows();
    expect(invalid[0]).toHaveTextContent(first);
    expect(within(invalid[0]!).getByText('Error')).toBeInTheDocument();
  });
});

describe('vehicle details: location analysis', () => {
  test('lists saved locations with their kind and visit count', async () => {
    await openAs('SA', `/vehicle/${VEHICLE}?tab=location-analysis`);
    const table = await screen.findByRole('table', { name: 'Saved locations' });
    expect(table).toHaveTextContent('Home');
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
  });
});
