import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { DialogLoading } from '@/shared/ui/dialog-loading';
import { IconKey, IconPencil, IconPower, IconUserShield } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { lazy, memo, Suspense, useCallback, useMemo, useRef } from 'react';
import { ACTION } from '@/domain/permissions';
import { roleTypeOf } from '@/domain/roles';
import { formatDateTime } from '@/shared/lib/format';
import { ConfirmDialog } from '@/shared/ui/data-table/confirm-dialog';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { STATUS_FILTER } from '@/shared/ui/data-table/list-filters';
import { type RowAction, RowActions } from '@/shared/ui/data-table/row-actions';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { StatusBadge } from '@/shared/ui/data-table/status-badge';
import { UrlList } from '@/shared/ui/data-table/url-list';
import type { ListParams } from '@/shared/ui/data-table/use-list-params';
import { notify } from '@/shared/ui/notify';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { useAllRoles } from '../api/roles-api';
import {
  getUsersForExport,
  type UserAccount,
  useCreateUser,
  useResetPassword,
  useSetUserStatus,
  useUpdateUser,
  useUsers,
} from '../api/users-api';
import { toCsvText, USER_CSV_HEADER } from '../lib/user-csv';
import { useDialogState } from '@/shared/ui/use-dialog-state';
import { ExportCsvButton } from '@/shared/ui/csv-import/csv-transfer-buttons';
import { describeCappedExport, useCsvExport } from '@/shared/ui/csv-export/use-csv-export';

/** The invite/edit form (and its zod schema) loads when it opens, not with the page. */
const UserFormModal = lazy(() => import('./user-form-modal').then((m) => ({ default: m.UserFormModal })));
const AssignRoleModal = lazy(() => import('./assign-role-modal').then((m) => ({ default: m.AssignRoleModal })));

const FILTER_KEYS = ['roleId', 'status'] as const;
const col = createColumnHelper<UserAccount>();
const getUserId = (u: UserAccount) => u.id;

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit' | 'assign' | 'status' | 'reset'; user: UserAccount }
  | { kind: 'password'; user: UserAccount; password: string }
  | null;

/**
 * The Users tab: accounts in the caller's scope with role, organisation, status and last sign-in; invite, edit, assign
 * a role, activate or deactivate, reset the password, export. Each action behind its bit of `su`.
 */
export const UsersList = memo(function UsersList() {
  const can = useCan();
  const permissions = useAppState((s) => s.auth.permissions);
  const me = useAppState((s) => s.auth.user);
  const creatorType = me ? roleTypeOf(me.role) : 'platform';
  const may = (action: number) => can('su', action);
  const [dialog, setDialog] = useDialogState<NonNullable<Dialog>>();
  const paramsRef = useRef<ListParams | null>(null);
  const roles = useAllRoles();
  const create = useCreateUser();
  const update = useUpdateUser();
  const setStatus = useSetUserStatus();
  const reset = useResetPassword();
  const close = useCallback(() => setDialog(null), [setDialog]);

  const filterDefs = useMemo<FilterDef[]>(
    () => [
      { key: 'roleId', label: 'Role', options: (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })) },
      STATUS_FILTER,
    ],
    [roles.data],
  );

  const actionsFor = (u: UserAccount): RowAction[] => {
    const out: RowAction[] = [];
    if (may(ACTION.UPDATE))
      out.push({ label: 'Edit', icon: <IconPencil size={14} />, onClick: () => setDialog({ kind: 'edit', user: u }) });
    if (may(ACTION.UPDATE | ACTION.ASSIGN) && u.id !== me?.id)
      out.push({
        label: 'Assign role',
        icon: <IconUserShield size={14} />,
        onClick: () => setDialog({ kind: 'assign', user: u }),
      });
    if (may(ACTION.CHANGE_STATUS) && u.id !== me?.id)
      out.push({
        label: u.status === 1 ? 'Deactivate' : 'Activate',
        icon: <IconPower size={14} />,
        onClick: () => setDialog({ kind: 'status', user: u }),
      });
    if (may(ACTION.RESET))
      out.push({
        label: 'Reset password',
        icon: <IconKey size={14} />,
        onClick: () => setDialog({ kind: 'reset', user: u }),
      });
    return out;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: actionsFor reads `can` (from permissions) and stable setters
  const columns = useMemo(
    () => [
      col.accessor('name', { header: 'Name', size: 200, meta: { label: 'Name', sortField: 'name' } }),
      col.accessor('email', { header: 'E-mail', size: 230, meta: { label: 'E-mail', sortField: 'email' } }),
      col.accessor('roleName', { header: 'Role', size: 170, meta: { label: 'Role', sortField: 'role' } }),
      col.accessor('organisation', {
        header: 'Organisation',
        size: 200,
        meta: { label: 'Organisation' },
        cell: (c) => c.getValue() ?? '—',
      }),
      col.accessor('status', {
        header: 'Status',
        size: 100,
        meta: { label: 'Status', sortField: 'status' },
        cell: (c) => <StatusBadge status={c.getValue()} />,
      }),
      col.accessor('lastSignInAt', {
        header: 'Last sign-in',
        size: 170,
        meta: { label: 'Last sign-in', sortField: 'lastSignInAt' },
        cell: (c) => (c.getValue() ? formatDateTime(c.getValue()) : 'Never'),
      }),
      col.display({
        id: 'actions',
        header: '',
        size: 60,
        enableHiding: false,
        cell: (c) => <RowActions name={c.row.original.name} actions={actionsFor(c.row.original)} />,
      }),
    ],
    [permissions, me?.id],
  );

  const openAdd = useCallback(() => setDialog({ kind: 'add' }), [setDialog]);

  const csvExport = useCsvExport('the users', async () => {
    const params = paramsRef.current ?? { page: 1, pageSize: 25, sort: null, q: '', filters: {} };
    const { items, total } = await getUsersForExport(params);
    const rows = items.map((u) => [
      u.name,
      u.email,
      u.phone,
      u.roleName,
      u.organisation,
      u.status === 1 ? 'Active' : 'Inactive',
      u.lastSignInAt ? formatDateTime(u.lastSignInAt) : 'Never',
    ]);
    return {
      fileName: 'users.csv',
      csv: toCsvText([USER_CSV_HEADER, ...rows]),
      description: describeCappedExport({
        fileName: 'users.csv',
        exported: items.length,
        total,
        noun: 'accounts',
        which: 'the first',
      }),
    };
  });

  const statusTarget = dialog?.kind === 'status' ? dialog.user : null;
  const resetTarget = dialog?.kind === 'reset' ? dialog.user : null;

  return (
    <Stack gap="md">
      {may(ACTION.EXPORT) ? (
        <Group justify="flex-end">
          <ExportCsvButton {...csvExport} />
        </Group>
      ) : null}
      <UrlList
        filterKeys={FILTER_KEYS}
        useList={useUsers}
        searchLabel="Search users"
        filterDefs={filterDefs}
        addLabel="Invite user"
        onAdd={may(ACTION.ADD) ? openAdd : undefined}
        label="Users"
        tableId="users"
        columns={columns}
        getRowId={getUserId}
        emptyText="No users match these filters."
        paramsRef={paramsRef}
      />
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <Suspense fallback={<DialogLoading label="Loading the user form" onClose={close} />}>
          <UserFormModal
            opened
            user={dialog?.kind === 'edit' ? dialog.user : undefined}
            creatorType={creatorType}
            onClose={close}
            onSubmit={async (values, organisationField) => {
              const contact = { name: values.name, email: values.email, phone: values.phone || null };
              if (dialog?.kind === 'edit') {
                await update.mutateAsync({ id: dialog.user.id, body: contact });
                notify.success(`Saved ${values.name}`);
                close();
              } else {
                const created = await create.mutateAsync({
                  ...contact,
                  roleId: values.roleId,
                  ...(organisationField ? { [organisationField]: values.organisation } : {}),
                });
                setDialog({ kind: 'password', user: created, password: created.temporaryPassword });
              }
            }}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'assign' ? (
        <Suspense fallback={<DialogLoading label="Loading the role form" onClose={close} />}>
          <AssignRoleModal
            user={dialog.user}
            onClose={close}
            onAssign={async (user, roleId) => {
              const saved = await update.mutateAsync({ id: user.id, body: { roleId } });
              notify.success(`${user.name} now has the role ${saved.roleName}`);
              close();
            }}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        opened={statusTarget !== null}
        title={statusTarget?.status === 1 ? 'Deactivate user' : 'Activate user'}
        message={
          statusTarget?.status === 1
            ? `Deactivate ${statusTarget.name}? They are signed out and cannot sign in until activated again.`
            : `Activate ${statusTarget?.name ?? ''}? They can sign in again.`
        }
        confirmLabel={statusTarget?.status === 1 ? 'Deactivate' : 'Activate'}
        busy={setStatus.isPending}
        onClose={close}
        onConfirm={async () => {
          if (!statusTarget) return;
          const next = statusTarget.status === 1 ? 0 : 1;
          try {
            await setStatus.mutateAsync({ id: statusTarget.id, status: next });
            notify.success(`${next === 1 ? 'Activated' : 'Deactivated'} ${statusTarget.name}`);
            close();
          } catch (error) {
            notify.error(`Could not change ${statusTarget.name}`, { description: errorMessage(error) });
          }
        }}
      />
      <ConfirmDialog
        opened={resetTarget !== null}
        title="Reset password"
        message={`Give ${resetTarget?.name ?? ''} a new one-time password? Their sessions end and the old password stops working.`}
        confirmLabel="Reset password"
        busy={reset.isPending}
        onClose={close}
        onConfirm={async () => {
          if (!resetTarget) return;
          try {
            const { temporaryPassword } = await reset.mutateAsync(resetTarget.id);
            setDialog({ kind: 'password', user: resetTarget, password: temporaryPassword });
          } catch (error) {
            notify.error(`Could not reset the password of ${resetTarget.name}`, {
              description: errorMessage(error),
            });
          }
        }}
      />
      <Modal opened={dialog?.kind === 'password'} onClose={close} title="One-time password" centered>
        {dialog?.kind === 'password' ? (
          <Stack gap="sm">
            <Alert color="blue">
              Give {dialog.user.name} ({dialog.user.email}) this password. It is shown only now.
            </Alert>
            <Group>
              <Code fz="md">{dialog.password}</Code>
              <CopyButton value={dialog.password}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              They should change it after signing in (My Profile → Change Password).
            </Text>
            <Group justify="flex-end">
              <Button onClick={close}>Done</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
});
