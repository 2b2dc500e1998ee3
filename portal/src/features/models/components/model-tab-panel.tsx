import { Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { COMPONENT_FLAG_LABELS } from '@/domain/bit-flags';
import {
  BATTERY_CHEMISTRY_LABELS,
  COOLING_LABELS,
  decodeSeverity,
  INTERVAL_MODE_LABELS,
  labelOf,
  MOTOR_TYPE_LABELS,
  TELEMETRY_SOURCE_LABELS,
  TRIP_MODE_LABELS,
} from '@/domain/enums';
import { MASTER_DATA_TABS, type MODEL_TABS } from '@/domain/tab-sets';
import { UrlTabs } from '@/shared/ui/url-tabs';
import type { Model } from '../api/model-types';
import { MASTER_DATA_TAB_OF_KIND, MODEL_KIND_LABELS } from '../lib/model-kinds';
import { ModelStatusBadge } from './model-status-badge';
import { formatDateTime } from '@/shared/lib/format';

type ModelTabId = (typeof MODEL_TABS)[number]['id'];

/** Label/value pairs in a grid. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm">
      {items.map(([label, value]) => (
        <Stack key={label} gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text size="sm" component="div">
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** A read-only table, or a sentence when there are no rows. */
function RowsTable({
  label,
  head,
  rows,
  empty,
}: {
  label: string;
  head: string[];
  rows: ReactNode[][];
  empty: string;
}) {
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            // Rows of a model's lists have unique codes/keys, but a row index is enough for a static table.
            // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows never move
            <Table.Tr key={i}>
              {cells.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <Table.Td key={j}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function componentsOf(flags: number): string {
  const names = Object.entries(COMPONENT_FLAG_LABELS)
    .filter(([flag]) => (flags & Number(flag)) !== 0)
    .map(([, name]) => name);
  return names.length > 0 ? names.join(', ') : 'None';
}

function MasterDataPanel({ model }: { model: Model }) {
  const tab = MASTER_DATA_TABS[MASTER_DATA_TAB_OF_KIND[model.kind]];
  return (
    <UrlTabs
      label="Master data"
      param="sub"
      tabs={[tab]}
      renderPanel={() => (
        <Stack>
          {model.kind === 'EV' ? <Facts items={[['Vehicle type', model.vehicleType ?? '—']]} /> : null}
          {model.kind === 'BMS' ? (
            model.bms ? (
              <Facts
                items={[
                  ['Chemistry', labelOf(BATTERY_CHEMISTRY_LABELS, model.bms.chemistry)],
                  ['Cooling', labelOf(COOLING_LABELS, model.bms.cooling)],
                  ['Cells', model.bms.cellCount],
                  ['Nominal voltage', `${model.bms.nominalVoltage} V`],
                  ['Capacity', `${model.bms.capacityAh} Ah`],
                ]}
              />
            ) : (
              <Text c="dimmed">The battery data is not configured yet.</Text>
            )
          ) : null}
          {model.kind === 'MCU' ? (
            model.mcu ? (
              <Facts
                items={[
                  ['Motor type', labelOf(MOTOR_TYPE_LABELS, model.mcu.motorType)],
                  ['Rated power', `${model.mcu.ratedPowerKw} kW`],
                ]}
              />
            ) : (
              <Text c="dimmed">The motor data is not configured yet.</Text>
            )
          ) : null}
          <RowsTable
            label={tab.label}
            head={['Code', 'State']}
            rows={model.masterData.states.map((s) => [String(s.code), s.label])}
            empty="No states are defined yet."
          />
        </Stack>
      )}
    />
  );
}

/** The content of one of the six model tabs. */
export function ModelTabPanel({ tab, model }: { tab: ModelTabId; model: Model }) {
  switch (tab) {
    case 'information':
      return (
        <Facts
          items={[
            ['Name', model.name],
            ['Code', model.code],
            ['Kind', MODEL_KIND_LABELS[model.kind]],
            ...(model.kind === 'EV' ? ([['Vehicle type', model.vehicleType ?? '—']] as [string, ReactNode][]) : []),
            ['Status', <ModelStatusBadge key="s" model={model} />],
            ['Created', formatDateTime(model.createdAt)],
            ['Updated', formatDateTime(model.updatedAt)],
          ]}
        />
      );
    case 'master-data':
      return <MasterDataPanel model={model} />;
    case 'telemetry':
      return (
        <RowsTable
          label="Telemetry template"
          head={['Key', 'Label', 'Unit', 'Source', 'Range']}
          rows={model.telemetryTemplate.map((k) => [
            <Text key="k" ff="monospace" fz="sm">
              {k.key}
            </Text>,
            k.label,
            k.unit,
            labelOf(TELEMETRY_SOURCE_LABELS, k.source),
            `${k.min} – ${k.max}`,
          ])}
          empty="The telemetry template has no keys yet."
        />
      );
    case 'configuration':
      return model.configuration ? (
        <Facts
          items={[
            ['Trip mode', labelOf(TRIP_MODE_LABELS, model.configuration.tripMode)],
            ['Interval mode', labelOf(INTERVAL_MODE_LABELS, model.configuration.intervalMode)],
            ['Telemetry interval', `${model.configuration.telemetryIntervalSec} s`],
            ['Components', componentsOf(model.configuration.components)],
          ]}
        />
      ) : (
        <Text c="dimmed">The configuration step is not done yet.</Text>
      );
    case 'commands':
      return (
        <RowsTable
          label="Commands"
          head={['Code', 'Name', 'Description']}
          rows={model.commands.map((c) => [
            <Text key="c" ff="monospace" fz="sm">
              {c.code}
            </Text>,
            c.name,
            c.description,
          ])}
          empty="No commands are defined yet."
        />
      );
    case 'faults':
      return (
        <RowsTable
          label="Faults"
          head={['Code', 'Name', 'Kind', 'Scope', 'Severity', 'Device']}
          rows={model.faults.map((f) => {
            const { label, color } = decodeSeverity(f.severity);
            return [
              <Text key="c" ff="monospace" fz="sm">
                {f.code}
              </Text>,
              f.name,
              f.kind,
              f.scope,
              <Group key="s" gap={6} wrap="nowrap">
                <Badge variant="filled" radius="sm" color={color}>
                  {label}
                </Badge>
              </Group>,
              f.deviceKind,
            ];
          })}
          empty="No faults are defined yet."
        />
      );
  }
}
