import { Group, Paper, Text } from '@mantine/core';
import { STATE_GROUP, STATE_GROUP_COLOUR, STATE_GROUP_LABEL } from './vehicle-state-style';

/** The marker colours of the live map, so a colour never has to be guessed. */
export function MapLegend() {
  return (
    <Paper withBorder radius="sm" px="xs" py={4} shadow="xs" aria-label="Marker colours" role="group">
      <Group gap="sm">
        {Object.values(STATE_GROUP).map((group) => (
          <Group key={group} gap={4} wrap="nowrap">
            <span
              aria-hidden
              style={{
                width: 9,
                height: 9,
                borderRadius: 5,
                background: STATE_GROUP_COLOUR[group],
                display: 'inline-block',
              }}
            />
            <Text size="xs">{STATE_GROUP_LABEL[group]}</Text>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}
