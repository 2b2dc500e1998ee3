import { ActionIcon, Anchor, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { ApiGeofence } from '../api/geofence-types';
import { DELIVERY_METHOD_OPTIONS, flagsOf } from './geofence-rules';
import { formatDate } from '@/shared/lib/format';

export interface GeofenceTableProps {
  geofences: readonly ApiGeofence[];
  /** Where the editor of a geofence is, or null when the user may not edit. */
  editPathOf: ((geofence: ApiGeofence) => string) | null;
  /** Asks to delete; absent when the user may not delete. */
  onDelete?: (geofence: ApiGeofence) => void;
}

const RULE_LABEL = { enter: 'Enter', exit: 'Exit', dwell: 'Dwell' } as const;

export function ruleLabel(geofence: Pick<ApiGeofence, 'rule' | 'dwellMinutes'>): string {
  return geofence.rule === 'dwell' ? `Dwell ${geofence.dwellMinutes ?? '?'} min` : RULE_LABEL[geofence.rule];
}

export function deliveryLabels(mask: number): string {
  return flagsOf(mask)
    .map((flag) => DELIVERY_METHOD_OPTIONS.find((o) => o.flag === flag)?.label)
    .join(', ');
}

function AssignedVehicles({ ids }: { ids: readonly string[] }) {
  if (ids.length === 0) return <Text size="sm">All vehicles</Text>;
  const shown = ids.slice(0, 3);
  return (
    <Group gap={4}>
      {shown.map((id) => (
        <Badge key={id} variant="light" color="gray" size="sm" tt="none">
          {id}
        </Badge>
      ))}
      {ids.length > shown.length && (
        <Text size="xs" c="dimmed">
          +{ids.length - shown.length} more
        </Text>
      )}
    </Group>
  );
}

/** The geofences with their rule, delivery methods and assigned vehicles, and edit / delete actions by permission. */
export function GeofenceTable({ geofences, editPathOf, onDelete }: GeofenceTableProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Geofences">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Rule</Table.Th>
            <Table.Th>Assigned vehicles</Table.Th>
            <Table.Th>Delivery methods</Table.Th>
            <Table.Th>Updated</Table.Th>
            {(editPathOf || onDelete) && <Table.Th aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {geofences.map((geofence) => (
            <Table.Tr key={geofence.id}>
              <Table.Td>
                {editPathOf ? (
                  <Anchor component={Link} to={editPathOf(geofence)} fw={600} size="sm">
                    {geofence.name}
                  </Anchor>
                ) : (
                  <Text fw={600} size="sm">
                    {geofence.name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{ruleLabel(geofence)}</Table.Td>
              <Table.Td>
                <AssignedVehicles ids={geofence.vehicleIds} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{deliveryLabels(geofence.deliveryMethods)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(geofence.updatedAt)}</Text>
              </Table.Td>
              {(editPathOf || onDelete) && (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {editPathOf && (
                      <Tooltip label="Edit">
                        <ActionIcon
                          component={Link}
                          to={editPathOf(geofence)}
                          variant="subtle"
                          aria-label={`Edit ${geofence.name}`}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {onDelete && (
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${geofence.name}`}
                          onClick={() => onDelete(geofence)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
