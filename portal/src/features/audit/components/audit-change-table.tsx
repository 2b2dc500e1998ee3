import { Code, Table, Text } from '@mantine/core';
import type { ApiAuditEntry } from '../api/list-audit';

/** A field value as the diff shows it: text as is, everything else as JSON, nothing as a dash. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The before/after of every field an entry's write changed. */
export function AuditChangeTable({ changes }: { changes: ApiAuditEntry['changes'] }) {
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No field changes recorded (an export, a bulk import or an action that changed no field).
      </Text>
    );
  }
  return (
    <Table withTableBorder withColumnBorders fz="sm" aria-label="Changed fields" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="28%">Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((c) => (
          <Table.Tr key={c.field}>
            <Table.Td>
              <Code>{c.field}</Code>
            </Table.Td>
            <Table.Td
              bg={c.before === null ? undefined : 'var(--mantine-color-red-0)'}
              style={{ wordBreak: 'break-word' }}
            >
              {formatValue(c.before)}
            </Table.Td>
            <Table.Td
              bg={c.after === null ? undefined : 'var(--mantine-color-green-0)'}
              style={{ wordBreak: 'break-word' }}
            >
              {formatValue(c.after)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
