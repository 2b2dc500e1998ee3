import { Anchor, Badge, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ACTION } from '@/domain/permissions';
import { ROLE_LABELS, isRoleCode } from '@/domain/roles';
import { formatDate } from '@/shared/lib/format';
import { DeleteDialog } from '@/shared/ui/data-table/confirm-dialog';
import { type RowAction, RowActions } from '@/shared/ui/data-table/row-actions';
import { QueryState } from '@/shared/ui/query-state';
import { useCan } from '@/state/use-can';
import { type ApiRole, useAllRoles, useDeleteRole } from '../api/roles-api';
import { EffectiveAccess } from './access-preview-panel';

export interface RolesListProps {
  renderRoleActions?: (role: ApiRole) => ReactNode;
}

/** The Role & Permissions tab: the roles the caller may see, their holders, and the effective-access preview. */
export function RolesList({ renderRoleActions }: RolesListProps) {
  const can = useCan();
  const navigate = useNavigate();
  const roles = useAllRoles();
  const remove = useDeleteRole();
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<ApiRole | null>(null);
  const mayEdit = can('su.RP', ACTION.UPDATE);
  const mayClone = can('su.RP', ACTION.ADD | ACTION.CLONE);
  const mayDelete = can('su.RP', ACTION.DELETE);

  const actionsFor = (role: ApiRole): RowAction[] => {
    const out: RowAction[] = [];
    if (mayEdit && !role.locked)
      out.push({
        label: 'Edit permissions',
        icon: <IconPencil size={14} />,
        onClick: () => navigate(paths.writeRole.href({ id: role.id })),
      });
    if (mayClone)
      out.push({
        label: 'Clone',
        icon: <IconCopy size={14} />,
        onClick: () => navigate(paths.writeRole.href({ from: role.id })),
      });
    if (mayDelete && !role.builtIn)
      out.push({ label: 'Delete', color: 'red', icon: <IconTrash size={14} />, onClick: () => setDeleting(role) });
    return out;
  };

  const q = search.trim().toLowerCase();
  return (
    <Stack gap="lg">
      <TextInput
        label="Search roles"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={320}
      />
      <QueryState query={roles} what="roles" isEmpty={(list) => list.length === 0} emptyText="No roles to show.">
        {(list) => {
          const shown = list.filter((r) => !q || r.name.toLowerCase().includes(q) || r.code.toLowerCase().includes(q));
          if (shown.length === 0)
            return (
              <Text size="sm" c="dimmed">
                No role matches “{search}”.
              </Text>
            );
          return (
            <Table striped highlightOnHover withTableBorder aria-label="Roles">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Based on</Table.Th>
                  <Table.Th>Permissions</Table.Th>
                  <Table.Th>Users</Table.Th>
                  <Table.Th>Updated</Table.Th>
                  <Table.Th>
                    <Text span size="xs" c="dimmed">
                      Actions
                    </Text>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((role) => (
                  <Table.Tr key={role.id}>
                    <Table.Td>
                      <Group gap={6}>
                        {mayEdit && !role.locked ? (
                          <Anchor component={Link} to={paths.writeRole.href({ id: role.id })} size="sm">
                            {role.name}
                          </Anchor>
                        ) : (
                          <Text size="sm">{role.name}</Text>
                        )}
                        {role.builtIn ? (
                          <Badge size="xs" variant="light" color="gray">
                            Built-in
                          </Badge>
                        ) : null}
                        {role.locked ? (
                          <Badge size="xs" variant="light" color="orange">
                            Locked
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>{isRoleCode(role.code) ? ROLE_LABELS[role.code] : role.code}</Table.Td>
                    <Table.Td>{Object.keys(role.permissions).length}</Table.Td>
                    <Table.Td>{role.userCount}</Table.Td>
                    <Table.Td>{formatDate(role.updatedAt)}</Table.Td>
                    <Table.Td>
                      <RowActions name={role.name} actions={actionsFor(role)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          );
        }}
      </QueryState>
      <div>
        <Title order={2} size="h4" mb="xs">
          Effective access preview
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Exactly the pages, tabs and actions a role (or a user's role) gets, decided by the same guard the portal uses.
        </Text>
        <EffectiveAccess renderRoleActions={renderRoleActions} />
      </div>
      <DeleteDialog
        item={deleting}
        title="Delete role"
        confirmLabel="Delete role"
        busy={remove.isPending}
        name={(r) => `role ${r.name}`}
        message={(r) => `Delete the role ${r.name}? This cannot be undone.`}
        onDelete={(r) => remove.mutateAsync(r.id)}
        onClose={() => setDeleting(null)}
      />
      {mayEdit ? null : (
        <Text size="xs" c="dimmed">
          You may view roles; changing them needs the Add and Update actions of Role & Permission.
        </Text>
      )}
    </Stack>
  );
}
