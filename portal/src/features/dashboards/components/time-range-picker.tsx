import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { RANGE_PRESETS, type RangePresetId } from '../lib/time-range';

/** The presets of the dashboard's one time range (a radio group, named by its label). */
export function TimeRangePicker({ value, onChange }: { value: RangePresetId; onChange: (p: RangePresetId) => void }) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text id={id} size="sm" fw={500}>
        Time range
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={value}
        onChange={(v) => onChange(v as RangePresetId)}
        data={RANGE_PRESETS.map((p) => ({ value: p.id, label: p.label }))}
      />
    </Stack>
  );
}
