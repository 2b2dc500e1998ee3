import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import mqtt from 'mqtt';
import { STORE_STORAGE_KEY } from '../../../portal/src/state/persistence';
import { portal, realServer, ui } from '../../selectors';
import { signInWithPassword } from '../portal/portal-session';

// Issue 35 item 2 in the browser (decision 0126): a vehicle publishes a critical fault to the Fleet API server's broker;
// the server stores it, the seeded rule "Critical faults" fires, and the portal's notification history shows the
// notification, refreshed by the live event (sooner than its 5 s poll), while a ticket of the rule exists. This spec
// runs its own server (servers/fleet-server.mjs with the fleet simulator provisioning a few vehicles, so it holds their
// device secrets in its DATA_DIR), apart from the suite's shared one, whose vehicles must stay still.

const E2E = fileURLToPath(new URL('../../', import.meta.url));

interface Simulated {
  id: string;
  secret: string;
  online: boolean;
}

let child: ChildProcess | undefined;
let base = '';
let dataDir = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['servers/fleet-server.mjs', '--port', String(port), '--vehicles', '20'], {
    cwd: E2E,
    env: { ...process.env, SIMULATE: '1', SIMULATE_VEHICLES: '6' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await expect
    .poll(() => /fleet simulator: \d+ of/.test(output) && /Voltline is running/.test(output), { timeout: 150_000 })
    .toBe(true);
  dataDir = /DATA_DIR (\S+),/.exec(output)?.[1] ?? '';
  expect(existsSync(join(dataDir, 'simulator-vehicles.json'))).toBe(true);
});

test.afterAll(async () => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child?.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
});

async function tokenOf(page: Page): Promise<string> {
  const stored = await page.evaluate((key) => window.sessionStorage.getItem(key), STORE_STORAGE_KEY);
  const token = (JSON.parse(stored ?? '{}') as { state?: { auth?: { token?: string } } }).state?.auth?.token;
  if (!token) throw new Error('the portal holds no session token');
  return token;
}

test('a fault a vehicle publishes becomes a notification the portal shows live, and a ticket', async ({ page }) => {
  test.setTimeout(90_000);
  const answer = await signInWithPassword(page, 'SA', base);
  expect(answer.status()).toBe(200);
  await expect(page.getByText(portal.pages.dashboardGreeting)).toBeVisible({ timeout: 20_000 });
  const token = await tokenOf(page);
  const api = async (path: string) => {
    const response = await page.request.get(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(200);
    return (await response.json()) as { total: number; items: Record<string, unknown>[] };
  };

  // A provisioned vehicle with no critical fault active and no ticket of a rule: the fault below is what fires.
  const { vehicles } = JSON.parse(readFileSync(join(dataDir, 'simulator-vehicles.json'), 'utf8')) as {
    vehicles: Simulated[];
  };
  let vehicle: Simulated | undefined;
  for (const candidate of vehicles) {
    const active = await api(`/faults?filter[vehicleId]=${candidate.id}&filter[active]=true&pageSize=100`);
    const ruleTickets = await api(`/tickets?filter[source]=rule&filter[vehicleId]=${candidate.id}`);
    if (active.items.every((f) => (f.severity as number) < 4) && ruleTickets.total === 0) {
      vehicle = candidate;
      break;
    }
  }
  if (!vehicle) throw new Error('no provisioned vehicle is free of critical faults and rule tickets');

  await page.goto(`${base}/notification-history`);
  const table = page.getByRole(...realServer.notificationsTable);
  await expect(table.getByRole(...ui.row).nth(1)).toBeVisible({ timeout: 20_000 });
  const rows = table
    .getByRole(...ui.row)
    .filter({ hasText: vehicle.id })
    .filter({ hasText: 'Critical faults' });
  const before = await rows.count();

  // The vehicle publishes, with its own credentials, a telemetry message that raises a critical BMS fault.
  const car = await mqtt.connectAsync(`${base.replace(/^http/, 'ws')}/mqtt`, {
    username: vehicle.id,
    password: vehicle.secret,
    reconnectPeriod: 0,
  });
  try {
    // Wait for the list's poll to pass (not the header count's, pageSize 1), so that what shows within the next few
    // seconds comes from the live event, not from the list's next poll 5 s on.
    await page.waitForResponse(
      (r) => r.url().startsWith(`${base}/api/notifications?`) && new URL(r.url()).searchParams.get('pageSize') !== '1',
      { timeout: 10_000 },
    );
    const ts = Date.now();
    await car.publishAsync(
      `voltline/v1/telemetry/12-2888-1833/${vehicle.id}`,
      JSON.stringify({
        v: 1,
        vehicleUid: vehicle.id,
        ts,
        state: 66,
        soc: 58,
        speed: 31,
        position: { lat: 18.5204, lon: 73.8567, heading: 90 },
        pack: { voltage: 50.6, current: 19.8, temperatures: [31.2, 32.7] },
        faults: [{ code: 'BMS-OT-01', severity: 5, kind: 'Fault', device: 'BMS', message: 'Cell over-temperature' }],
      }),
      { qos: 1 },
    );
    // Well within the poll's 5 s: the server's live notification made the page refetch.
    await expect(rows).toHaveCount(before + 1, { timeout: 3500 });
  } finally {
    await car.endAsync();
  }

  const tickets = await api(`/tickets?filter[source]=rule&filter[vehicleId]=${vehicle.id}`);
  expect(tickets.total).toBe(1);
  expect(tickets.items[0]).toMatchObject({ status: 1, priority: 'critical', source: 'rule' });
  const notifications = await api(`/notifications?filter[vehicleId]=${vehicle.id}&sort=sentAt:desc&pageSize=1`);
  expect(notifications.items[0]).toMatchObject({ ruleName: 'Critical faults', id: tickets.items[0]?.notificationId });
});
