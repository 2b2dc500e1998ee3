import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { RangeChange } from '../hooks/use-dashboard-range';
import {
  type CustomRangeErrors,
  customRangeErrors,
  DATA_DAYS,
  localDay,
  RANGE_PRESETS,
  type RangeChoice,
  type TimeRange,
} from '../lib/time-range';

/**
 * The dashboard's one time range: presets (a radio group named by its label) and Custom, which opens two date fields.
 * A custom range is applied only when valid; until then the errors show under the fields and the panels keep the
 * range they have.
 */
export function TimeRangePicker({ value, onChange }: { value: TimeRange; onChange: (next: RangeChange) => void }) {
  const id = useId();
  const [choice, setChoice] = useState<RangeChoice>(value.preset);
  const [fromDay, setFromDay] = useState(value.fromDay ?? '');
  const [toDay, setToDay] = useState(value.toDay ?? '');
  const [errors, setErrors] = useState<CustomRangeErrors>({});
  useEffect(() => {
    setChoice(value.preset);
    if (value.preset === 'custom') {
      setFromDay(value.fromDay ?? '');
      setToDay(value.toDay ?? '');
    }
  }, [value.preset, value.fromDay, value.toDay]);

  const pick = (next: string) => {
    setErrors({});
    if (next === 'custom') {
      setChoice('custom');
      // Start from the last week, to today, so Apply works straight away.
      if (!fromDay || !toDay) {
        const week = new Date();
        week.setDate(week.getDate() - 6);
        setFromDay(localDay(week));
        setToDay(localDay(Date.now()));
      }
      return;
    }
    setChoice(next as RangeChoice);
    onChange(next as Exclude<RangeChoice, 'custom'>);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = customRangeErrors(fromDay, toDay);
    setErrors(found);
    if (!found.from && !found.to) onChange({ fromDay, toDay });
  };

  return (
    <Stack gap={4}>
      <Text id={id} size="sm" fw={500}>
        Time range
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={choice}
        onChange={pick}
        data={[...RANGE_PRESETS.map((p) => ({ value: p.id, label: p.label })), { value: 'custom', label: 'Custom' }]}
      />
      {choice === 'custom' ? (
        <form onSubmit={apply} noValidate aria-label="Custom time range">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              type="date"
              label="From"
              size="xs"
              w={150}
              value={fromDay}
              error={errors.from}
              onChange={(e) => setFromDay(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="To"
              size="xs"
              w={150}
              value={toDay}
              error={errors.to}
              onChange={(e) => setToDay(e.currentTarget.value)}
            />
            <Button type="submit" size="xs" mt={24}>
              Apply
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt={2}>
            Whole days, both included; data reaches {DATA_DAYS} days back.
          </Text>
        </form>
      ) : null}
    </Stack>
  );
}
