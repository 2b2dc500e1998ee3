import {
  ActionIcon,
  Alert,
  Anchor,
  Center,
  Group,
  Loader,
  Menu,
  Pagination,
  Paper,
  SegmentedControl,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconCopy,
  IconDots,
  IconPencil,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { BATTERY_CHEMISTRY_LABELS, labelOf, MOTOR_TYPE_LABELS } from '@/domain/enums';
import { toApiError } from '@/shared/api/api-client';
import { useModels } from '../api/get-models';
import type { Model, ModelKind } from '../api/model-types';
import type { ModelActionsApi } from '../hooks/use-model-actions';
import type { ModelPermissions } from '../hooks/use-model-permissions';
import { modelPath } from '../lib/model-kinds';
import { ModelStatusBadge } from './model-status-badge';
import { formatDate } from '@/shared/lib/format';

export const MODEL_PAGE_SIZE = 10;

type SortField = 'name' | 'code' | 'status' | 'updatedAt';
interface Sort {
  field: SortField;
  direction: 'asc' | 'desc';
}
type StatusFilter = 'all' | 'published' | 'draft';

/** One line that tells models of a kind apart: vehicle type, battery or motor. */
function specOf(model: Model): string {
  if (model.kind === 'EV') return model.vehicleType ?? '—';
  if (model.kind === 'BMS' && model.bms)
    return `${labelOf(BATTERY_CHEMISTRY_LABELS, model.bms.chemistry)} · ${model.bms.cellCount} cells · ${model.bms.capacityAh} Ah`;
  if (model.kind === 'MCU' && model.mcu)
    return `${labelOf(MOTOR_TYPE_LABELS, model.mcu.motorType)} · ${model.mcu.ratedPowerKw} kW`;
  return `${model.telemetryTemplate.length} telemetry keys`;
}

interface SortHeaderProps {
  field: SortField;
  sort: Sort;
  onSort: (field: SortField) => void;
  children: ReactNode;
}

function SortHeader({ field, sort, onSort, children }: SortHeaderProps) {
  const active = sort.field === field;
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} stroke={1.6} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export interface ModelListProps {
  kind: ModelKind;
  permissions: ModelPermissions;
  actions: ModelActionsApi;
}

/** The models of one kind: search, status filter, sortable columns and server-side paging. */
export function ModelList({ kind, permissions, actions }: ModelListProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<Sort>({ field: 'name', direction: 'asc' });
  const [page, setPage] = useState(1);
  const query = useModels({
    kind,
    page,
    pageSize: MODEL_PAGE_SIZE,
    q,
    sort: `${sort.field}:${sort.direction}`,
    ...(status === 'all' ? {} : { status: status === 'published' ? 1 : 0 }),
  });

  const handleSort = (field: SortField) => {
    setSort((s) => ({ field, direction: s.field === field && s.direction === 'asc' ? 'desc' : 'asc' }));
    setPage(1);
  };
  const hasActions = permissions.edit || permissions.clone || permissions.remove;
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="md" gap="sm">
        <TextInput
          aria-label="Search models"
          placeholder="Search by name or code"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={280}
        />
        <SegmentedControl
          aria-label="Status"
          value={status}
          onChange={(value) => {
            setStatus(value as StatusFilter);
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'published', label: 'Published' },
            { value: 'draft', label: 'Drafts' },
          ]}
        />
      </Group>
      {query.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The models could not be loaded">
          {toApiError(query.error).message}
        </Alert>
      ) : !data ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading models" />
        </Center>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover aria-label={`${kind} models`} aria-busy={query.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <SortHeader field="name" sort={sort} onSort={handleSort}>
                    Name
                  </SortHeader>
                  <SortHeader field="code" sort={sort} onSort={handleSort}>
                    Code
                  </SortHeader>
                  <Table.Th>{kind === 'EV' ? 'Vehicle type' : 'Specification'}</Table.Th>
                  <SortHeader field="status" sort={sort} onSort={handleSort}>
                    Status
                  </SortHeader>
                  <SortHeader field="updatedAt" sort={sort} onSort={handleSort}>
                    Updated
                  </SortHeader>
                  {hasActions ? (
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((model) => (
                  <Table.Tr key={model.id}>
                    <Table.Td>
                      <Anchor component={Link} to={modelPath(kind, model.id)} fw={500}>
                        {model.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text ff="monospace" fz="sm">
                        {model.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>{specOf(model)}</Table.Td>
                    <Table.Td>
                      <ModelStatusBadge model={model} />
                    </Table.Td>
                    <Table.Td>{formatDate(model.updatedAt)}</Table.Td>
                    {hasActions ? (
                      <Table.Td>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${model.name}`}>
                              <IconDots size={16} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {permissions.edit ? (
                              <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => actions.edit(model)}>
                                {model.status === 1 ? 'Edit' : 'Resume configuration'}
                              </Menu.Item>
                            ) : null}
                            {permissions.clone ? (
                              <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => actions.clone(model)}>
                                Clone
                              </Menu.Item>
                            ) : null}
                            {permissions.remove ? (
                              <Menu.Item
                                color="red"
                                leftSection={<IconTrash size={14} />}
                                onClick={() => actions.remove(model)}
                              >
                                Delete
                              </Menu.Item>
                            ) : null}
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.items.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {q || status !== 'all' ? 'No models match these filters.' : `There are no ${kind} models yet.`}
            </Text>
          ) : null}
          <Group justify="space-between" mt="md">
            <Text size="sm" c="dimmed">
              {data.total} {data.total === 1 ? 'model' : 'models'}
            </Text>
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({
                'aria-label': control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
              })}
            />
          </Group>
        </>
      )}
    </Paper>
  );
}
