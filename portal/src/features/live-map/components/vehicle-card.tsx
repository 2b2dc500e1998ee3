import { Anchor, CloseButton, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { LiveMapVehicle } from './vehicle-motion';
import { STATE_GROUP_COLOUR, stateGroupOf, stateLabelOf } from './vehicle-state-style';
import { formatTime } from '@/shared/lib/format';

export interface VehicleCardProps {
  vehicleId: string;
  vehicle: LiveMapVehicle | undefined;
  following: boolean;
  onFollowChange: (following: boolean) => void;
  onClose: () => void;
  /** The vehicle's details page, when the user may open it. */
  detailsHref?: string | null;
}

/** The card of the vehicle clicked on the live map: latest reading and the follow toggle. */
export function VehicleCard({ vehicleId, vehicle, following, onFollowChange, onClose, detailsHref }: VehicleCardProps) {
  return (
    <Paper shadow="md" radius="md" p="sm" withBorder role="region" aria-label={`Vehicle ${vehicleId}`} w={240}>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        {detailsHref ? (
          <Anchor component={Link} to={detailsHref} fw={600} size="sm" aria-label={`${vehicleId}: open its details`}>
            {vehicleId}
          </Anchor>
        ) : (
          <Text fw={600} size="sm">
            {vehicleId}
          </Text>
        )}
        <CloseButton size="sm" aria-label="Close vehicle card" onClick={onClose} />
      </Group>
      {vehicle ? (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <span
              aria-hidden
              style={{
                width: 10,
                height: 10,
                borderRadius: 5,
                background: STATE_GROUP_COLOUR[stateGroupOf(vehicle.stateCode)],
                display: 'inline-block',
              }}
            />
            <Text size="sm">{stateLabelOf(vehicle.stateCode)}</Text>
          </Group>
          <Text size="sm">SoC {Math.round(vehicle.soc)} %</Text>
          <Text size="sm">Speed {Math.round(vehicle.speed)} km/h</Text>
          <Text size="xs" c="dimmed">
            Last update {formatTime(vehicle.ts)}
          </Text>
          <Switch
            mt={6}
            size="sm"
            label="Follow"
            checked={following}
            onChange={(event) => onFollowChange(event.currentTarget.checked)}
          />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No recent position for this vehicle.
        </Text>
      )}
    </Paper>
  );
}
