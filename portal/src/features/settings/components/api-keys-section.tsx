import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ACTION } from '@/domain/permissions';
import { ApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format';
import { ConfirmDialog } from '@/shared/ui/data-table/confirm-dialog';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { notify } from '@/shared/ui/notify';
import { QueryState } from '@/shared/ui/query-state';
import { useCan } from '@/state/use-can';
import { type ApiKey, useApiKeys, useCreateApiKey, useResetApiKey, useRevokeApiKey } from '../api/settings-api';
import { SecretOnceModal } from './secret-once-modal';

const SCOPE_LABELS = { read: 'Read only', write: 'Read and write' } as const;

function CreateKeyModal({ onClose, onCreated }: { onClose: () => void; onCreated: (secret: string) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'write'>('read');
  const [errors, setErrors] = useState<{ name?: string; scope?: string; form?: string }>({});
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: 'Enter a name that says what uses the key.' });
      return;
    }
    try {
      const created = await create.mutateAsync({ name: name.trim(), scope });
      onCreated(created.secret);
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors) setErrors(e.fieldErrors);
      else setErrors({ form: errorMessage(e) });
    }
  };
  return (
    <Modal opened onClose={onClose} title="Create API key" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {errors.form ? (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <TextInput
            label="Name"
            withAsterisk
            description="What uses the key, e.g. the data warehouse export."
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setErrors({});
            }}
            error={errors.name}
            maxLength={60}
          />
          <NativeSelect
            label="Scope"
            data={[
              { value: 'read', label: SCOPE_LABELS.read },
              { value: 'write', label: SCOPE_LABELS.write },
            ]}
            value={scope}
            onChange={(e) => setScope(e.currentTarget.value as 'read' | 'write')}
            error={errors.scope}
            description="The key acts for you: read only keeps your list and export rights; read and write keeps all."
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** REST API keys: list with last use, create with a scope (secret shown once), reset and revoke, each confirmed. */
export function ApiKeysSection() {
  const can = useCan();
  const keys = useApiKeys();
  const reset = useResetApiKey();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'reset' | 'revoke'; key: ApiKey } | null>(null);

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={600}>REST API keys</Text>
            <Text size="sm" c="dimmed">
              Send a key as <code>Authorization: Bearer &lt;key&gt;</code>. Keys cannot change settings or keys.
            </Text>
          </div>
          {can('s.api', ACTION.ADD) ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Create API key
            </Button>
          ) : null}
        </Group>
        <QueryState query={keys} what="API keys" isEmpty={(d) => d.length === 0} emptyText="No API keys yet.">
          {(data) => (
            <Table.ScrollContainer minWidth={720}>
              <Table striped aria-label="API keys">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Scope</Table.Th>
                    <Table.Th>Key</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Last used</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((key) => (
                    <Table.Tr key={key.id}>
                      <Table.Td>{key.name}</Table.Td>
                      <Table.Td>{SCOPE_LABELS[key.scope]}</Table.Td>
                      <Table.Td>
                        <code>{key.prefix}…</code>
                      </Table.Td>
                      <Table.Td>
                        {formatDateTime(key.createdAt)} by {key.createdBy}
                      </Table.Td>
                      <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</Table.Td>
                      <Table.Td>
                        {key.revokedAt ? (
                          <Badge color="gray" variant="light" radius="sm">
                            Revoked
                          </Badge>
                        ) : (
                          <Badge color="green" variant="light" radius="sm">
                            Active
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {key.revokedAt ? null : (
                          <Group gap={4} wrap="nowrap">
                            {can('s.api', ACTION.RESET) ? (
                              <Button
                                size="xs"
                                variant="subtle"
                                aria-label={`Reset ${key.name}`}
                                onClick={() => setConfirm({ kind: 'reset', key })}
                              >
                                Reset
                              </Button>
                            ) : null}
                            {can('s.api', ACTION.DELETE) ? (
                              <Button
                                size="xs"
                                variant="subtle"
                                color="red"
                                aria-label={`Revoke ${key.name}`}
                                onClick={() => setConfirm({ kind: 'revoke', key })}
                              >
                                Revoke
                              </Button>
                            ) : null}
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
      </Stack>
      {creating ? (
        <CreateKeyModal
          onClose={() => setCreating(false)}
          onCreated={(s) => {
            setCreating(false);
            setSecret(s);
          }}
        />
      ) : null}
      <SecretOnceModal title="Your new API key" what="the API key" secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm?.kind === 'reset' ? 'Reset API key' : 'Revoke API key'}
        message={
          confirm?.kind === 'reset'
            ? `Give ${confirm.key.name} a new secret? The old one stops working at once.`
            : `Revoke ${confirm?.key.name ?? ''}? Everything using it stops working at once; this cannot be undone.`
        }
        confirmLabel={confirm?.kind === 'reset' ? 'Reset key' : 'Revoke key'}
        busy={reset.isPending || revoke.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          if (!confirm) return;
          try {
            if (confirm.kind === 'reset') {
              const next = await reset.mutateAsync(confirm.key.id);
              setConfirm(null);
              setSecret(next.secret);
            } else {
              await revoke.mutateAsync(confirm.key.id);
              notify.success(`Revoked ${confirm.key.name}`);
              setConfirm(null);
            }
          } catch (e) {
            notify.error(`Could not ${confirm.kind} ${confirm.key.name}`, { description: errorMessage(e) });
          }
        }}
      />
    </Card>
  );
}
