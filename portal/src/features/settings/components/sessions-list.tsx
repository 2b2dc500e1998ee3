import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '@/shared/lib/format';
import { ConfirmDialog } from '@/shared/ui/data-table/confirm-dialog';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { notify } from '@/shared/ui/notify';
import { QueryState } from '@/shared/ui/query-state';
import { useEndSession, useSessions, useSignOutOthers } from '../api/settings-api';

/** A short name of a browser from its user agent. */
function browserOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const found = /(Edg|Firefox|Chrome|Safari|HeadlessChrome|jsdom|node)\/?[\d.]*/i.exec(userAgent);
  return found ? found[0] : userAgent.slice(0, 40);
}

/** The own signed-in sessions: when and where, sign out one or every other (confirmed). */
export function SessionsList() {
  const sessions = useSessions();
  const others = useSignOutOthers();
  const end = useEndSession();
  const [confirming, setConfirming] = useState(false);
  const otherCount = (sessions.data ?? []).filter((s) => !s.current).length;
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Sessions</Text>
        <Button variant="default" disabled={otherCount === 0} onClick={() => setConfirming(true)}>
          Sign out other sessions
        </Button>
      </Group>
      <QueryState query={sessions} what="sessions">
        {(data) => (
          <Stack gap="xs">
            <Table aria-label="Sessions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Signed in</Table.Th>
                  <Table.Th>Browser</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{formatDateTime(s.createdAt)}</Table.Td>
                    <Table.Td>{browserOf(s.userAgent)}</Table.Td>
                    <Table.Td>
                      {s.current ? (
                        <Badge variant="light" radius="sm">
                          This session
                        </Badge>
                      ) : (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={`Sign out the session of ${formatDateTime(s.createdAt)}`}
                          loading={end.isPending && end.variables === s.id}
                          onClick={async () => {
                            try {
                              await end.mutateAsync(s.id);
                              notify.success('Signed out that session');
                            } catch (e) {
                              notify.error('Could not sign out the session', { description: errorMessage(e) });
                            }
                          }}
                        >
                          Sign out
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </QueryState>
      <ConfirmDialog
        opened={confirming}
        title="Sign out other sessions"
        message={`Sign out ${otherCount} other session${otherCount === 1 ? '' : 's'}? Those browsers must sign in again; this one stays signed in.`}
        confirmLabel="Sign out others"
        busy={others.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            const { ended } = await others.mutateAsync();
            notify.success(`Signed out ${ended} other session${ended === 1 ? '' : 's'}`);
            setConfirming(false);
          } catch (e) {
            notify.error('Could not sign out the other sessions', { description: errorMessage(e) });
          }
        }}
      />
    </Card>
  );
}
