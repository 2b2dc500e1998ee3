import { Accordion, Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { type PermissionMap, PERMISSION_LABELS, isPermissionKey } from '@/domain/permissions';
import { bitsBeyond, grantsAnything, normalizePermissions } from '@/domain/role-editor';
import { isRoleCode, ROLE_LABELS, type RoleCode } from '@/domain/roles';
import { ApiError } from '@/shared/api/api-error';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { notify } from '@/shared/ui/notify';
import { QueryState } from '@/shared/ui/query-state';
import { useAppState } from '@/state/store-context';
import { type ApiRole, useAllRoles, useRole, useSaveRole } from '../api/roles-api';
import { AccessPreviewList } from './access-preview-panel';
import { RoleMatrix } from './role-matrix';

export interface RoleEditorProps {
  /** The role to edit; null for a new role. */
  roleId: string | null;
  /** A role to clone into a new one. */
  fromId: string | null;
}

/** Create, edit or clone a role: name, the built-in role it is based on, and its permission matrix. */
export function RoleEditor({ roleId, fromId }: RoleEditorProps) {
  const source = useRole(roleId ?? fromId);
  const roles = useAllRoles();
  if (roleId === null && fromId === null)
    return (
      <QueryState query={roles} what="roles">
        {(list) => <RoleForm source={null} clone={false} roles={list} />}
      </QueryState>
    );
  return (
    <QueryState query={source} what="the role">
      {(role) => (
        <QueryState query={roles} what="roles">
          {(list) => <RoleForm source={role} clone={roleId === null} roles={list} />}
        </QueryState>
      )}
    </QueryState>
  );
}

function RoleForm({ source: role, clone, roles }: { source: ApiRole | null; clone: boolean; roles: ApiRole[] }) {
  const navigate = useNavigate();
  const editor = useAppState((s) => s.auth.permissions);
  const editing = role !== null && !clone;
  const [initial] = useState<PermissionMap>(() => (editing ? (role.permissions as PermissionMap) : {}));
  const save = useSaveRole(editing ? role.id : null);
  const codes = [...new Set(roles.map((r) => r.code))].filter(isRoleCode);
  const [name, setName] = useState(role ? (clone ? `Copy of ${role.name}` : role.name) : '');
  const [code, setCode] = useState<RoleCode | ''>(role && isRoleCode(role.code) ? role.code : '');
  // A clone keeps only what applies and what its editor may grant (a new role holds no legacy bits).
  const [permissions, setPermissions] = useState<PermissionMap>(() => {
    if (!clone) return (role?.permissions ?? {}) as PermissionMap;
    const start = normalizePermissions((role?.permissions ?? {}) as PermissionMap);
    const beyond = bitsBeyond(start, editor);
    const out: PermissionMap = {};
    for (const [key, flags] of Object.entries(start)) {
      if (!isPermissionKey(key)) continue;
      const kept = (flags ?? 0) & ~(beyond[key] ?? 0);
      if (kept) out[key] = kept;
    }
    return out;
  });
  const [search, setSearch] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const locked = role?.locked === true && editing;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = 'Enter a role name.';
    if (!code) next.code = 'Choose the built-in role this role is based on.';
    if (!grantsAnything(permissions)) next.permissions = 'Give the role at least one permission.';
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    try {
      const saved = await save.mutateAsync({ name: name.trim(), code: code as RoleCode, permissions });
      notify.success(`Saved role ${saved.name}`, {
        description: editing ? 'Its holders get the new permissions on their next request.' : undefined,
      });
      navigate(paths.userManagement.href({ tab: 'role-permissions' }));
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        const fieldErrors = { ...error.fieldErrors };
        const keyErrors = Object.entries(fieldErrors).filter(([k]) => k.startsWith('permissions.'));
        if (keyErrors.length > 0 && !fieldErrors.permissions)
          fieldErrors.permissions = keyErrors
            .map(([k, m]) => {
              const key = k.slice('permissions.'.length);
              return `${isPermissionKey(key) ? PERMISSION_LABELS[key] : key}: ${m}`;
            })
            .join(' ');
        setErrors(fieldErrors);
        setFormError(fieldErrors.name || fieldErrors.code || fieldErrors.permissions ? null : error.message);
      } else setFormError(errorMessage(error));
    }
  };

  const granted = Object.keys(permissions).length;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        {locked ? (
          <Alert color="orange">The Super Admin role always holds every permission; it cannot be changed.</Alert>
        ) : null}
        <Group align="flex-start" grow>
          <TextInput
            label="Role name"
            withAsterisk
            value={name}
            disabled={locked}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <NativeSelect
            label="Based on"
            description="Decides the role's scope and dashboard."
            withAsterisk
            disabled={editing}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value as RoleCode)}
            error={errors.code}
            data={[
              { value: '', label: 'Choose a built-in role' },
              ...codes.map((c) => ({ value: c, label: ROLE_LABELS[c] })),
            ]}
          />
        </Group>
        <Group justify="space-between" align="flex-end">
          <TextInput
            label="Search permissions"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={320}
          />
          <Text size="sm" c="dimmed">
            {granted} permission{granted === 1 ? '' : 's'} granted. Ticking an action also ticks List; clearing List
            clears the row.
          </Text>
        </Group>
        {errors.permissions ? (
          <Alert color="red" role="alert" title="Permissions">
            {errors.permissions}
          </Alert>
        ) : null}
        <RoleMatrix
          permissions={permissions}
          initial={initial}
          editor={editor}
          search={search}
          readOnly={locked}
          onChange={setPermissions}
        />
        {code ? (
          <Accordion variant="separated">
            <Accordion.Item value="preview">
              <Accordion.Control>Effective access of these permissions</Accordion.Control>
              <Accordion.Panel>
                <AccessPreviewList role={code} permissions={permissions} order={3} />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(paths.userManagement.href({ tab: 'role-permissions' }))}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={locked}>
            {editing ? 'Save role' : 'Create role'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
