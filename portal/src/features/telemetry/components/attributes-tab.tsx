import type { components } from '@/domain/api-schema';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { enumeratedValueLabel, TELEMETRY_SOURCE_LABELS, VEHICLE_STATE_LABELS } from '@/domain/enums';
import { useAppState, useAppStoreApi } from '@/state/store-context';
import { type TelemetrySource, useTelemetry } from '../api/get-telemetry';
import { formatNumber } from '@/shared/lib/format';
import { QueryState } from '@/shared/ui/query-state';

type TemplateKey = components['schemas']['TelemetryKey'];

const STATE_CODES = new Set<number>(
  Object.keys(VEHICLE_STATE_LABELS)
    .map(Number)
    .filter((n) => !Number.isNaN(n)),
);

/**
 * A key is in error when its latest value is missing or outside the template's range; the vehicle state must also be
 * one of the state codes of spec §3.
 */
export function errorKeysOf(template: readonly TemplateKey[], latest: ReadonlyMap<string, number>): string[] {
  return template
    .filter((k) => {
      const value = latest.get(k.key);
      if (typeof value !== 'number' || Number.isNaN(value) || value < k.min || value > k.max) return true;
      return k.key === 'stateCode' && !STATE_CODES.has(value);
    })
    .map((k) => k.key);
}

/** A key's latest value: enumerated keys (vehicle state, gear, drive mode) with their label, measurements with the unit. */
export function valueText(key: TemplateKey, value: number | undefined): string {
  const label = value === undefined ? undefined : enumeratedValueLabel(key.key, value);
  return label ?? formatNumber(value, key.unit, key.unit === '' ? 0 : 2);
}

/**
 * Attributes: the model's telemetry template with each key's latest value; keys outside their range (or silent) are
 * highlighted.
 */
export function AttributesTab({ source, template }: { source: TelemetrySource; template: readonly TemplateKey[] }) {
  const store = useAppStoreApi();
  const activeKey = useAppState((s) => s.vehicle.active_telemetry_att_key);
  const [to] = useState(() => Math.floor(Date.now() / 60_000) * 60_000);
  const query = useTelemetry(
    {
      source,
      from: new Date(to - 3_600_000).toISOString(),
      to: new Date(to).toISOString(),
      points: 2,
      keys: template.map((k) => k.key),
    },
    template.length > 0,
  );
  const latest = useMemo(
    () => new Map((query.data ?? []).flatMap((s) => (s.points.length ? [[s.key, s.points.at(-1)![1]] as const] : []))),
    [query.data],
  );
  const errorKeys = useMemo(() => (query.data ? errorKeysOf(template, latest) : []), [query.data, template, latest]);

  if (template.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        The model has no telemetry template.
      </Text>
    );
  }
  return (
    <QueryState query={query} what="attributes">
      {() => (
        <Stack>
          <Text size="sm" c={errorKeys.length ? 'red' : 'dimmed'}>
            {errorKeys.length === 0
              ? 'Every key is inside its range.'
              : `${errorKeys.length} key${errorKeys.length === 1 ? ' is' : 's are'} outside the range or silent.`}
          </Text>
          <Table aria-label="Telemetry attributes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Key</Table.Th>
                <Table.Th>Label</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Range</Table.Th>
                <Table.Th>Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {template.map((k) => {
                const inError = errorKeys.includes(k.key);
                return (
                  <Table.Tr
                    key={k.key}
                    aria-invalid={inError || undefined}
                    bg={
                      inError
                        ? 'var(--mantine-color-red-light)'
                        : k.key === activeKey
                          ? 'var(--mantine-color-blue-light)'
                          : undefined
                    }
                    onClick={() => store.getState().setVehicle({ active_telemetry_att_key: k.key })}
                  >
                    <Table.Td ff="monospace">{k.key}</Table.Td>
                    <Table.Td>{k.label}</Table.Td>
                    <Table.Td>{TELEMETRY_SOURCE_LABELS[k.source]}</Table.Td>
                    <Table.Td>
                      {k.min} – {k.max} {k.unit}
                    </Table.Td>
                    <Table.Td>
                      {valueText(k, latest.get(k.key))}
                      {inError ? (
                        <Badge color="red" ml="xs" size="sm">
                          Error
                        </Badge>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </QueryState>
  );
}
