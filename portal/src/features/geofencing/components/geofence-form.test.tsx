import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { renderWithMantine } from '@/shared/ui/map/render-with-mantine';
import type { PolygonGeometry } from '@/domain/geometry';
import { GeofenceForm } from './geofence-form';

const square: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [73.8, 18.5],
      [73.81, 18.5],
      [73.81, 18.51],
      [73.8, 18.5],
    ],
  ],
};
const bowTie: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ],
  ],
};

test('submitting without a name or a shape shows both errors and does not submit', async () => {
  const onSubmit = vi.fn();
  renderWithMantine(<GeofenceForm geometry={null} onSubmit={onSubmit} />);
  await userEvent.click(screen.getByRole('button', { name: 'Save geofence' }));
  expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription('Enter a name.');
  expect(screen.getByRole('alert')).toHaveTextContent('Draw the geofence on the map');
  expect(onSubmit).not.toHaveBeenCalled();
});

test('a self-intersecting shape shows its error as soon as it is drawn', () => {
  renderWithMantine(<GeofenceForm geometry={bowTie} onSubmit={vi.fn()} />);
  expect(screen.getByRole('alert')).toHaveTextContent('The polygon crosses itself');
});

test('a valid geofence is submitted with its rule, dwell minutes and delivery flags', async () => {
  const onSubmit = vi.fn();
  renderWithMantine(<GeofenceForm geometry={square} onSubmit={onSubmit} />);
  await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Baner depot');
  await userEvent.click(screen.getByRole('radio', { name: 'Dwell' }));
  const minutes = screen.getByRole('textbox', { name: 'Dwell minutes' });
  await userEvent.clear(minutes);
  await userEvent.type(minutes, '25');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'SMS' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save geofence' }));
  expect(onSubmit).toHaveBeenCalledWith({
    name: 'Baner depot',
    rule: 'dwell',
    dwellMinutes: 25,
    // Web Alert (16) is preselected; Email 2 + SMS 4 added.
    deliveryMethods: 22,
    geometry: square,
  });
});

test('unchecking every delivery method is an error', async () => {
  renderWithMantine(<GeofenceForm geometry={square} onSubmit={vi.fn()} />);
  await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Depot');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Web Alert' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save geofence' }));
  expect(screen.getByText('Choose at least one delivery method.')).toBeInTheDocument();
});

test('an existing geofence fills the fields', () => {
  renderWithMantine(
    <GeofenceForm
      geometry={square}
      initialValue={{ name: 'Station', rule: 'exit', deliveryMethods: 1 | 32, geometry: square }}
      onSubmit={vi.fn()}
    />,
  );
  expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Station');
  expect(screen.getByRole('radio', { name: 'Exit' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Push' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Command' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
});

test('a failed save shows the error', async () => {
  renderWithMantine(<GeofenceForm geometry={square} onSubmit={() => Promise.reject(new Error('Server said no'))} />);
  await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Depot');
  await userEvent.click(screen.getByRole('button', { name: 'Save geofence' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Server said no');
});
