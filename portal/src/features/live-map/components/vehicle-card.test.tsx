import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { VEHICLE_STATE } from '@/domain/live-payloads';
import { renderWithMantine } from '@/shared/ui/map/render-with-mantine';
import { VehicleCard, type VehicleCardProps } from './vehicle-card';

const vehicle = {
  lat: 18.5,
  lon: 73.8,
  stateCode: VEHICLE_STATE.ACCharge,
  soc: 63.4,
  speed: 0,
  ts: Date.UTC(2026, 0, 1),
};

function renderCard(props: Partial<VehicleCardProps> = {}) {
  const handlers = { onFollowChange: vi.fn(), onClose: vi.fn() };
  renderWithMantine(<VehicleCard vehicleId="VX-0001" vehicle={vehicle} following={false} {...handlers} {...props} />);
  return handlers;
}

test('shows the id, state label, SoC and speed of the vehicle', () => {
  renderCard();
  const card = screen.getByRole('region', { name: 'Vehicle VX-0001' });
  expect(card).toHaveTextContent('AC Charge');
  expect(card).toHaveTextContent('SoC 63 %');
  expect(card).toHaveTextContent('Speed 0 km/h');
  expect(card).toHaveTextContent('Last update');
});

test('turning follow on reports it', async () => {
  const { onFollowChange } = renderCard();
  await userEvent.click(screen.getByRole('switch', { name: 'Follow' }));
  expect(onFollowChange).toHaveBeenCalledWith(true);
});

test('the close button closes the card', async () => {
  const { onClose } = renderCard();
  await userEvent.click(screen.getByRole('button', { name: 'Close vehicle card' }));
  expect(onClose).toHaveBeenCalled();
});

test('a vehicle without a reading says so', () => {
  renderCard({ vehicle: undefined });
  expect(screen.getByText('No recent position for this vehicle.')).toBeInTheDocument();
});

test('links the id to the details page when the user may open it, and not otherwise', () => {
  renderWithMantine(
    <MemoryRouter>
      <VehicleCard
        vehicleId="VX-0001"
        vehicle={vehicle}
        following={false}
        onFollowChange={vi.fn()}
        onClose={vi.fn()}
        detailsHref="/vehicle/VX-0001"
      />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'VX-0001: open its details' })).toHaveAttribute('href', '/vehicle/VX-0001');
});

test('shows the id as text without a details page', () => {
  renderCard();
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
  expect(screen.getByText('VX-0001')).toBeInTheDocument();
});
