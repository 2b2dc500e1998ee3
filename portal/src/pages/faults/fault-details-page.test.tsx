import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, test } from 'vitest';
import { getWorldDb } from '@/mocks/world/world-instance';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp } from '@/test/render';

beforeAll(preloadPages, 60_000);

/** The High fault of demo vehicle veh-000018: unacknowledged, with the notification its rule sent. */
async function highFault() {
  const db = await getWorldDb();
  const fault = db.tables.faults.all().find((f) => f.vehicleId === 'veh-000018' && f.severity === 3);
  if (!fault) throw new Error('the demo world changed: veh-000018 has no High fault');
  return fault;
}

async function open(path: string, role: 'SA' | 'DR' = 'SA') {
  const store = createTestStore();
  await signInWithApi(store, role);
  return renderApp(path, { store });
}

test('shows the fault with its severity, affected device and timeline', async () => {
  const fault = await highFault();
  await open(`/fault-details/${fault.id}`);
  const details = await screen.findByRole('table', { name: 'Fault' });
  expect(within(details).getByLabelText('Severity: High')).toBeInTheDocument();
  expect(details).toHaveTextContent(fault.code);
  const device = screen.getByRole('table', { name: 'Affected device' });
  expect(within(device).getByRole('link', { name: 'veh-000018' })).toHaveAttribute('href', '/vehicle/veh-000018');
  const timeline = await screen.findByLabelText('Fault timeline');
  expect(within(timeline).getByText('Occurred')).toBeInTheDocument();
  expect(within(timeline).getByText('Notification sent')).toBeInTheDocument();
});

test('lists no ticket yet, and "Open ticket" leads to the new-ticket form filled from the fault', async () => {
  const fault = await highFault();
  const { router } = await open(`/fault-details/${fault.id}`);
  expect(await screen.findByText('No ticket was opened for this fault.')).toBeInTheDocument();
  await userEvent.click(await screen.findByRole('link', { name: 'Open ticket' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
  expect(router.state.location.search).toContain(`faultId=${fault.id}`);
  const modal = await screen.findByRole('dialog', { name: 'New ticket' });
  expect(within(modal).getByRole('textbox', { name: 'Title' })).toHaveValue(`${fault.name} (${fault.code})`);
});

test('acknowledges the fault and adds it to the timeline', async () => {
  const fault = await highFault();
  await open(`/fault-details/${fault.id}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Acknowledge' }));
  await waitFor(() =>
    expect(within(screen.getByLabelText('Fault timeline')).getByText('Acknowledged')).toBeInTheDocument(),
  );
  expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
});

test('hides Acknowledge from a driver', async () => {
  const db = await getWorldDb();
  const fault = db.tables.faults.all().find((f) => f.vehicleId === 'veh-000029' && f.acknowledgedAt === null)!;
  await open(`/fault-details/${fault.id}`, 'DR');
  await screen.findByRole('table', { name: 'Fault' });
  expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
});

test('says so when the fault does not exist', async () => {
  await open('/fault-details/flt-evt-9999999');
  expect(await screen.findByText('The fault could not be loaded')).toBeInTheDocument();
});
