import { Badge, Group, Stack, Text } from '@mantine/core';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DELIVERY_METHOD_LABELS, flagsToLabels } from '@/domain/bit-flags';
import { RULE_SCOPE_LABELS } from '@/domain/enums';
import { formatDateTime } from '@/shared/lib/format';
import { SeverityBadge } from '@/shared/ui/severity-badge';
import type { ApiRule } from '../api/rule-api';
import { conditionSummary, formatSeconds } from '../lib/rule-draft';

const col = createColumnHelper<ApiRule>();

function scopeText(r: ApiRule): string {
  const target = r.scope === 1 ? r.oemId : r.scope === 2 ? r.modelId : r.vehicleId;
  return `${RULE_SCOPE_LABELS[r.scope]} · ${r.deviceKind}${target ? ` · ${target}` : ''}`;
}

/** The rule list's columns; `actions` renders a row's menu. */
export function ruleColumns(
  actions: (r: ApiRule) => ReactNode,
  keyLabels: ReadonlyMap<string, { label: string; unit: string }> | undefined,
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
): ColumnDef<ApiRule, any>[] {
  return [
    col.accessor('name', {
      header: 'Rule',
      size: 200,
      meta: { label: 'Rule', sortField: 'name' },
      cell: (c) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {c.getValue()}
          </Text>
          {c.row.original.description ? (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {c.row.original.description}
            </Text>
          ) : null}
        </Stack>
      ),
    }),
    col.accessor(scopeText, { id: 'scope', header: 'Scope', size: 170, meta: { label: 'Scope' } }),
    col.accessor((r) => conditionSummary(r, (key) => keyLabels?.get(`${r.deviceKind}:${key}`)), {
      id: 'conditions',
      header: 'Conditions',
      size: 250,
      meta: { label: 'Conditions' },
      cell: (c) => (
        <Stack gap={0}>
          <Text size="sm">{c.getValue()}</Text>
          <Text size="xs" c="dimmed">
            for {formatSeconds(c.row.original.pendingSeconds)}, cool-down{' '}
            {formatSeconds(c.row.original.cooldownSeconds)}
          </Text>
        </Stack>
      ),
    }),
    col.accessor('severity', {
      header: 'Severity',
      size: 110,
      meta: { label: 'Severity' },
      cell: (c) => <SeverityBadge severity={c.getValue()} />,
    }),
    col.accessor('deliveryMethods', {
      header: 'Channels',
      size: 190,
      meta: { label: 'Channels' },
      cell: (c) => (
        <Group gap={4}>
          {flagsToLabels(DELIVERY_METHOD_LABELS, c.getValue()).map((m) => (
            <Badge key={m} size="xs" variant="outline">
              {m}
            </Badge>
          ))}
          {c.row.original.openTicket ? (
            <Badge size="xs" variant="light" color="grape">
              Ticket
            </Badge>
          ) : null}
        </Group>
      ),
    }),
    col.accessor('enabled', {
      header: 'State',
      size: 100,
      meta: { label: 'State', sortField: 'enabled' },
      cell: (c) => (
        <Badge variant="light" color={c.getValue() ? 'green.9' : 'gray.8'}>
          {c.getValue() ? 'Enabled' : 'Disabled'}
        </Badge>
      ),
    }),
    col.accessor('lastFiredAt', {
      header: 'Last fired',
      size: 170,
      meta: { label: 'Last fired', sortField: 'lastFiredAt' },
      cell: (c) => (c.getValue() ? formatDateTime(c.getValue(), true) : 'Never'),
    }),
    col.display({ id: 'actions', header: '', size: 56, cell: (c) => actions(c.row.original) }),
  ];
}
