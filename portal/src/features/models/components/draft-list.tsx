import { Alert, Badge, Button, Group, Loader, Paper, Table, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ACTION } from '@/domain/permissions';
import { MODEL_CONFIGURATION_STEPS } from '@/domain/tab-sets';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { toApiError } from '@/shared/api/api-client';
import { useModels } from '../api/get-models';
import { configurationPath, kindPermissionKey } from '../lib/model-kinds';
import { formatDateTime } from '@/shared/lib/format';

/**
 * Drafts the user can resume, newest first; each opens at the step it was saved at. The one this session saved last
 * (the store's `model_data`) is marked.
 */
export function DraftList() {
  const can = useCan();
  const lastSavedId = useAppState((s) => s.model.model_data?.id);
  const drafts = useModels({ page: 1, pageSize: 20, status: 0, sort: 'updatedAt:desc' });
  if (drafts.isPending)
    return (
      <Group gap="xs" mb="lg">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Looking for drafts…
        </Text>
      </Group>
    );
  if (drafts.isError)
    return (
      <Alert color="red" title="The drafts could not be loaded" mb="lg">
        {toApiError(drafts.error).message}
      </Alert>
    );
  if (drafts.data.items.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" mb="lg">
      <Title order={3} size="h4" mb="sm">
        Drafts to resume
      </Title>
      <Table aria-label="Drafts to resume">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Saved at step</Table.Th>
            <Table.Th>Updated</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drafts.data.items.map((draft) => {
            const step = MODEL_CONFIGURATION_STEPS.find((s) => s.id === draft.configurationStep);
            return (
              <Table.Tr key={draft.id}>
                <Table.Td>
                  <span>{draft.name}</span>
                  {draft.id === lastSavedId ? (
                    <Badge ml="xs" size="sm" variant="light">
                      Last saved
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{draft.kind}</Table.Td>
                <Table.Td>
                  <Text ff="monospace" fz="sm">
                    {draft.code}
                  </Text>
                </Table.Td>
                <Table.Td>{step ? `${step.id} ${step.label}` : draft.configurationStep}</Table.Td>
                <Table.Td>{formatDateTime(draft.updatedAt)}</Table.Td>
                <Table.Td>
                  {can('mm', ACTION.UPDATE) && can(kindPermissionKey(draft.kind), ACTION.UPDATE) ? (
                    <Button
                      component={Link}
                      to={configurationPath(draft.id, draft.configurationStep)}
                      size="xs"
                      variant="light"
                      leftSection={<IconPlayerPlay size={14} />}
                      aria-label={`Resume ${draft.name}`}
                    >
                      Resume
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
