import { Badge, Group, List, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { ACTION_LABELS, type PermissionMap } from '@/domain/permissions';
import { isRoleCode, type RoleCode } from '@/domain/roles';
import { apiClient, requireData } from '@/shared/api/api-client';
import { QueryState } from '@/shared/ui/query-state';
import { type ApiRole, useAllRoles } from '../api/roles-api';
import { userKeys } from '@/shared/api/query-keys';
import { accessPreview } from '../lib/access-preview';

export interface AccessPreviewListProps {
  role: RoleCode;
  permissions: PermissionMap;
  /** Heading level of the section titles (the page decides where the preview sits). */
  order?: 2 | 3 | 4;
}

/** Exactly what a role gets: pages, tabs and actions, as the router guard and `can()` decide them. */
export function AccessPreviewList({ role, permissions, order = 3 }: AccessPreviewListProps) {
  const preview = useMemo(() => accessPreview(role, permissions), [role, permissions]);
  const open = preview.pages.filter((p) => p.allowed);
  const closed = preview.pages.filter((p) => !p.allowed);
  return (
    <Stack gap="md" aria-label="Effective access">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <div>
          <Title order={order} size="h5" mb={4}>
            Pages it opens ({open.length} of {preview.pages.length})
          </Title>
          {open.length === 0 ? (
            <Text size="sm" c="dimmed">
              None: this role can sign in but opens no page.
            </Text>
          ) : (
            <List size="sm" spacing={2} icon={<IconCheck size={14} color="var(--mantine-color-green-7)" />}>
              {open.map(({ route }) => (
                <List.Item key={route.id}>
                  {route.title}{' '}
                  <Text span c="dimmed" size="xs">
                    {route.path}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
        </div>
        <div>
          <Title order={order} size="h5" mb={4}>
            Pages closed to it (403)
          </Title>
          <List size="sm" spacing={2} icon={<IconX size={14} color="var(--mantine-color-red-7)" />}>
            {closed.map(({ route }) => (
              <List.Item key={route.id}>
                {route.title}{' '}
                <Text span c="dimmed" size="xs">
                  {route.path}
                </Text>
              </List.Item>
            ))}
          </List>
        </div>
      </SimpleGrid>
      <div>
        <Title order={order} size="h5" mb={4}>
          Tabs
        </Title>
        <Stack gap={4}>
          {[...new Set(preview.tabs.map((t) => t.page))].map((page) => (
            <Group key={page} gap={6} wrap="wrap">
              <Text size="sm" fw={500} w={150}>
                {page}
              </Text>
              {preview.tabs
                .filter((t) => t.page === page)
                .map(({ tab, allowed }) => (
                  <Badge
                    key={tab.id}
                    variant={allowed ? 'light' : 'outline'}
                    color={allowed ? 'green' : 'gray'}
                    leftSection={allowed ? <IconCheck size={10} /> : <IconX size={10} />}
                    aria-label={`${page}, ${tab.label}: ${allowed ? 'shown' : 'hidden'}`}
                  >
                    {tab.label}
                  </Badge>
                ))}
            </Group>
          ))}
        </Stack>
      </div>
      <div>
        <Title order={order} size="h5" mb={4}>
          Actions ({preview.actions.length} permissions)
        </Title>
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Permission</Table.Th>
              <Table.Th>Allowed actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.actions.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>
                  {row.label}{' '}
                  <Text span c="dimmed" size="xs">
                    {row.key}
                  </Text>
                </Table.Td>
                <Table.Td>{row.allowed.map((a) => ACTION_LABELS[a]).join(', ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Stack>
  );
}

export interface EffectiveAccessProps {
  /** What the page offers next to a picked role, e.g. "Open the portal as this role" in the demo. */
  renderRoleActions?: (role: ApiRole) => ReactNode;
}

/** Pick a role or an account and see its effective access. */
export function EffectiveAccess({ renderRoleActions }: EffectiveAccessProps) {
  const [by, setBy] = useState<'role' | 'user'>('role');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [userSearch, setUserSearch] = useState('');
  const [q] = useDebouncedValue(userSearch, 250);
  const [userId, setUserId] = useState<string | null>(null);
  const roles = useAllRoles();
  const users = useQuery({
    queryKey: userKeys.search(q),
    queryFn: async () =>
      requireData(await apiClient.GET('/users', { params: { query: { pageSize: 20, ...(q ? { q } : {}) } } })),
    enabled: by === 'user',
    placeholderData: keepPreviousData,
  });
  const pickedUser = users.data?.items.find((u) => u.id === userId);
  const effectiveRoleId = by === 'role' ? roleId : (pickedUser?.roleId ?? null);
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <SegmentedControl
          aria-label="Preview by"
          value={by}
          onChange={(v) => setBy(v as 'role' | 'user')}
          data={[
            { value: 'role', label: 'Role' },
            { value: 'user', label: 'User' },
          ]}
        />
        {by === 'role' ? (
          <Select
            label="Role to preview"
            placeholder="Choose a role"
            searchable
            w={280}
            data={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            value={roleId}
            onChange={setRoleId}
          />
        ) : (
          <Select
            label="User to preview"
            placeholder="Search by name or e-mail"
            searchable
            w={320}
            searchValue={userSearch}
            onSearchChange={setUserSearch}
            data={(users.data?.items ?? []).map((u) => ({ value: u.id, label: `${u.name} · ${u.email}` }))}
            value={userId}
            onChange={setUserId}
            nothingFoundMessage={users.isFetching ? 'Searching…' : 'No user found'}
          />
        )}
      </Group>
      <QueryState query={roles} what="roles">
        {(list) => {
          const role = list.find((r) => r.id === effectiveRoleId);
          if (!role || !isRoleCode(role.code))
            return (
              <Text size="sm" c="dimmed">
                {by === 'role' ? 'Choose a role to see what it opens.' : 'Choose a user to see what they open.'}
              </Text>
            );
          return (
            <Stack gap="sm">
              <Group justify="space-between">
                <Text size="sm">
                  {pickedUser && by === 'user' ? `${pickedUser.name} holds ` : ''}
                  <b>{role.name}</b> ({role.userCount} account{role.userCount === 1 ? '' : 's'})
                </Text>
                {renderRoleActions?.(role)}
              </Group>
              <AccessPreviewList role={role.code} permissions={role.permissions as PermissionMap} />
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}
