import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { MODEL_TABS } from '@/domain/tab-sets';
import { useCan } from '@/state/use-can';
import { toApiError } from '@/shared/api/api-client';
import { UrlTabs } from '@/shared/ui/url-tabs';
import { useModel } from '../api/get-model';
import type { ModelKind } from '../api/model-types';
import type { ModelActionsApi } from '../hooks/use-model-actions';
import type { ModelPermissions } from '../hooks/use-model-permissions';
import { modelPath } from '../lib/model-kinds';
import { ModelStatusBadge } from './model-status-badge';
import { ModelTabPanel } from './model-tab-panel';

export interface ModelViewProps {
  kind: ModelKind;
  id: string;
  permissions: ModelPermissions;
  actions: ModelActionsApi;
}

/** One model: its name, status and actions above the six model tabs. */
export function ModelView({ kind, id, permissions, actions }: ModelViewProps) {
  const can = useCan();
  const query = useModel(id);
  const tabs = MODEL_TABS.filter((tab) => !('permission' in tab) || can(tab.permission));
  const back = (
    <Anchor component={Link} to={modelPath(kind)} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        All {kind} models
      </Group>
    </Anchor>
  );
  if (query.isError)
    return (
      <Stack>
        {back}
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The model could not be loaded">
          {toApiError(query.error).message}
        </Alert>
      </Stack>
    );
  const model = query.data;
  if (!model)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading the model" />
      </Center>
    );
  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start">
        <Stack gap={6}>
          <Title order={2}>{model.name}</Title>
          <Group gap="xs">
            <Badge variant="outline" radius="sm" ff="monospace">
              {model.code}
            </Badge>
            <ModelStatusBadge model={model} />
            {model.kind !== kind ? <Text size="sm" c="dimmed">{`${model.kind} model`}</Text> : null}
          </Group>
        </Stack>
        <Group gap="xs">
          {permissions.edit ? (
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => actions.edit(model)}>
              {model.status === 1 ? 'Edit' : 'Resume configuration'}
            </Button>
          ) : null}
          {permissions.clone ? (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => actions.clone(model)}>
              Clone
            </Button>
          ) : null}
          {permissions.remove ? (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => actions.remove(model)}
            >
              Delete
            </Button>
          ) : null}
        </Group>
      </Group>
      <UrlTabs
        label="Model"
        tabs={tabs}
        renderPanel={(tab) => (
          <Paper withBorder radius="md" p="lg">
            <ModelTabPanel tab={tab.id} model={model} />
          </Paper>
        )}
      />
    </Stack>
  );
}
