import { Group, Paper, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { CLUSTER_COUNT_COLOUR } from './cluster-count';
import { STATE_GROUP, STATE_GROUP_COLOUR, STATE_GROUP_LABEL } from './vehicle-state-style';

const dot = (background: string, extra: CSSProperties = {}): CSSProperties => ({
  width: 9,
  height: 9,
  borderRadius: 5,
  background,
  display: 'inline-block',
  flex: 'none',
  ...extra,
});

/** The marker colours of the live map, so a colour never has to be guessed: states, and what a cluster is. */
export function MapLegend() {
  return (
    <Paper withBorder radius="sm" px="xs" py={4} shadow="xs" aria-label="Marker colours" role="group">
      <Group gap="sm">
        {Object.values(STATE_GROUP).map((group) => (
          <Group key={group} gap={4} wrap="nowrap">
            <span aria-hidden style={dot(STATE_GROUP_COLOUR[group])} />
            <Text size="xs">{STATE_GROUP_LABEL[group]}</Text>
          </Group>
        ))}
        <Group gap={4} wrap="nowrap">
          <span
            aria-hidden
            style={{
              ...dot('#b197fc', { width: 16, height: 16, borderRadius: 8 }),
              color: CLUSTER_COUNT_COLOUR,
              fontSize: 9,
              fontWeight: 700,
              lineHeight: '16px',
              textAlign: 'center',
            }}
          >
            12
          </span>
          <Text size="xs">Vehicles close together (count)</Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <span
            aria-hidden
            style={dot('#d0bfff', {
              width: 12,
              height: 12,
              borderRadius: 6,
              border: `2px solid ${STATE_GROUP_COLOUR.fault}`,
            })}
          />
          <Text size="xs">Group with a fault</Text>
        </Group>
      </Group>
    </Paper>
  );
}
