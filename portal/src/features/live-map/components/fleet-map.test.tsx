import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test } from 'vitest';
import { LiveProvider } from '@/shared/lib/live/live-context';
import { createLiveController, type LiveController } from '@/shared/lib/live/live-controller';
import { createLiveFleet, LiveFleetProvider } from '@/shared/lib/live/live-fleet';
import { VEHICLE_STATE, type VehicleTelemetry } from '@/domain/live-payloads';
import { FleetMap } from './fleet-map';

let controller: LiveController;
afterEach(() => {
  cleanup();
  controller?.dispose();
});

const telemetry = (vehicleUid: string, state: VehicleTelemetry['state']): VehicleTelemetry => ({
  v: 1,
  vehicleUid,
  ts: 1,
  state,
  soc: 50,
  speed: 20,
  position: { lat: 18.52, lon: 73.85, heading: 0 },
  pack: { voltage: 51, current: 3, temperatures: [30] },
  faults: [],
});

function renderFleetMap() {
  controller = createLiveController({ sink: () => {} });
  const fleet = createLiveFleet();
  render(
    <MantineProvider env="test">
      <LiveProvider controller={controller}>
        <LiveFleetProvider fleet={fleet}>
          <FleetMap height={300} />
        </LiveFleetProvider>
      </LiveProvider>
    </MantineProvider>,
  );
  act(() =>
    fleet.apply([
      telemetry('veh-000001', VEHICLE_STATE.Drive),
      telemetry('veh-000002', VEHICLE_STATE.Drive),
      telemetry('veh-000003', VEHICLE_STATE.DCCharge),
    ]),
  );
  return fleet;
}

test('the state filter shows counts per state and hides a state when unchecked', async () => {
  renderFleetMap();
  const states = screen.getByRole('group', { name: 'Vehicle states shown' });
  expect(within(states).getByRole('checkbox', { name: 'Driving (2)' })).toBeChecked();
  expect(screen.getByText('3 of 3 on the map')).toBeInTheDocument();
  await userEvent.click(within(states).getByRole('checkbox', { name: 'Driving (2)' }));
  expect(screen.getByText('1 of 3 on the map')).toBeInTheDocument();
});

test('the search offers live vehicles, and finding a hidden one shows its state again', async () => {
  renderFleetMap();
  const states = screen.getByRole('group', { name: 'Vehicle states shown' });
  await userEvent.click(within(states).getByRole('checkbox', { name: 'Charging (1)' }));
  expect(screen.getByText('2 of 3 on the map')).toBeInTheDocument();
  await userEvent.type(screen.getByRole('textbox', { name: 'Find a vehicle' }), '0003');
  await userEvent.click(await screen.findByRole('option', { name: 'veh-000003' }));
  expect(within(states).getByRole('checkbox', { name: 'Charging (1)' })).toBeChecked();
  expect(screen.getByText('3 of 3 on the map')).toBeInTheDocument();
});

test('searching for a vehicle that sent nothing says so', async () => {
  renderFleetMap();
  await userEvent.type(screen.getByRole('textbox', { name: 'Find a vehicle' }), 'veh-999999{Enter}');
  expect(screen.getByText('veh-999999 has sent no position to this map yet.')).toHaveAttribute('role', 'alert');
});

test('the vehicles on the map are reachable as a list, filtered like the map, each with its state and reading', async () => {
  const fleet = renderFleetMap();
  const toggle = screen.getByRole('button', { name: 'Show the vehicles as a list' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  await userEvent.click(toggle);
  const table = screen.getByRole('table', { name: '3 vehicles on the map, by id.' });
  const row = within(table).getByRole('row', { name: /veh-000003/ });
  expect(within(row).getByRole('cell', { name: 'DC Charge (82)' })).toBeInTheDocument();
  expect(within(row).getByRole('cell', { name: '50 %' })).toBeInTheDocument();
  expect(within(row).getByRole('cell', { name: '18.5200, 73.8500' })).toBeInTheDocument();
  expect(within(row).getByRole('button', { name: 'Show veh-000003 on the map' })).toBeInTheDocument();

  await userEvent.click(
    within(screen.getByRole('group', { name: 'Vehicle states shown' })).getByRole('checkbox', { name: 'Driving (2)' }),
  );
  expect(screen.getByRole('table', { name: '1 vehicle on the map, by id.' })).toBeInTheDocument();
  act(() => fleet.apply([telemetry('veh-000004', VEHICLE_STATE.DCCharge)]));
  expect(screen.getByRole('table', { name: '2 vehicles on the map, by id.' })).toBeInTheDocument();
});
