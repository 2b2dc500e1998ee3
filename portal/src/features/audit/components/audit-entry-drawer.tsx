import { Alert, Badge, Button, Code, Drawer, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/shared/lib/format';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { listAudit } from '../api/list-audit';
import { AuditChangeTable } from './audit-change-table';
import { auditKeys } from '@/shared/api/query-keys';

export interface AuditEntryDrawerProps {
  /** The entry to show (from the URL, so a detail is a link); null: closed. */
  entryId: string | null;
  onClose: () => void;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** One audit entry: who did what, from where, the before/after of its fields and its place in the chain. */
export function AuditEntryDrawer({ entryId, onClose }: AuditEntryDrawerProps) {
  const entry = useQuery({
    queryKey: auditKeys.entry(entryId ?? ''),
    queryFn: async () =>
      (await listAudit({ page: 1, pageSize: 1, sort: null, q: '', filters: { id: entryId ?? '' } })).items[0] ?? null,
    enabled: entryId !== null,
  });
  const e = entry.data;
  return (
    <Drawer opened={entryId !== null} onClose={onClose} position="right" size="lg" title="Audit entry">
      {entry.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading the entry" />
        </Group>
      ) : entry.error ? (
        <Alert color="red" title="Could not load the entry">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(entry.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void entry.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : !e ? (
        <Alert color="gray" title="No such entry">
          This entry does not exist, or you may not see it.
        </Alert>
      ) : (
        <Stack gap="lg">
          <Group gap="xs">
            <Badge variant="light">{e.entity}</Badge>
            <Badge variant="outline">{e.action}</Badge>
            <Text size="sm" c="dimmed">
              #{e.seq}
            </Text>
          </Group>
          <Text fw={500}>{e.summary}</Text>
          <SimpleGrid cols={2} spacing="md">
            <Field label="When">{formatDateTime(e.occurredAt, true)}</Field>
            <Field label="Record">{e.entityId}</Field>
            <Field label="Actor">
              {/* Demo names already end with the role code; do not say it twice. */}
              {e.userName.endsWith(`(${e.role})`) ? e.userName : `${e.userName} (${e.role})`}
            </Field>
            <Field label="IP address">{e.ip ?? 'Not known'}</Field>
          </SimpleGrid>
          <Field label="User agent">{e.userAgent ?? 'Not known'}</Field>
          <Stack gap="xs">
            <Title order={3} size="h5">
              Changes
            </Title>
            <AuditChangeTable changes={e.changes} />
          </Stack>
          <Stack gap="xs">
            <Title order={3} size="h5">
              Chain
            </Title>
            <Field label="Hash">
              <Code>{e.hash}</Code>
            </Field>
            <Field label="Previous hash">
              <Code>{e.prevHash}</Code>
            </Field>
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
