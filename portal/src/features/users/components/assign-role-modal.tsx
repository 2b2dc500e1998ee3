import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isRoleCode, roleTypeOf } from '@/domain/roles';
import { ApiError } from '@/shared/api/api-error';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { useAllRoles } from '../api/roles-api';
import type { UserAccount } from '../api/users-api';

export interface AssignRoleModalProps {
  user: UserAccount | null;
  onClose: () => void;
  onAssign: (user: UserAccount, roleId: string) => Promise<unknown>;
}

/** Gives an account another role of the same kind of organisation (its scope stays). */
export function AssignRoleModal({ user, onClose, onAssign }: AssignRoleModalProps) {
  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? `Assign a role to ${user.name}` : ''} centered>
      {user ? <AssignRoleForm user={user} onClose={onClose} onAssign={onAssign} /> : null}
    </Modal>
  );
}

function AssignRoleForm({ user, onClose, onAssign }: { user: UserAccount } & Omit<AssignRoleModalProps, 'user'>) {
  const roles = useAllRoles();
  const [roleId, setRoleId] = useState(user.roleId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sameKind = (roles.data ?? []).filter((r) => isRoleCode(r.code) && roleTypeOf(r.code) === roleTypeOf(user.role));
  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      await onAssign(user, roleId);
    } catch (e) {
      setError(e instanceof ApiError ? (e.fieldErrors?.roleId ?? e.message) : errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        The account keeps its organisation; only roles of the same kind of organisation are offered. The new permissions
        apply from the account's next request.
      </Text>
      <NativeSelect
        label="Role"
        value={roleId}
        onChange={(e) => setRoleId(e.currentTarget.value)}
        data={sameKind.map((r) => ({ value: r.id, label: r.name }))}
        error={error ?? (roles.isError ? 'The roles could not be loaded.' : undefined)}
      />
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} loading={busy} disabled={roleId === user.roleId}>
          Assign role
        </Button>
      </Group>
    </Stack>
  );
}
