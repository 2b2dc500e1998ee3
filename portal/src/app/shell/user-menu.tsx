import { paths } from '@/config/paths';
import { Avatar, Button, Group, Menu, Modal, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconRefresh, IconUser } from '@tabler/icons-react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROLE_LABELS } from '@/domain/roles';
import { toSessionError, useSession } from '@/features/auth/session';
import { useAppState, useAppStoreApi } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { notify } from '@/shared/ui/notify';
import { useSetSigningOut } from './sign-out-state';

/** The longest a sign-out waits for the requests already sent; any still running then are cancelled. */
const SETTLE_MS = 5_000;

/**
 * Waits until no query is fetching: a request sent before the sign-out then gets its answer while the session still
 * exists, instead of a 401 after it ended (cancelling would not stop it: the request is already out).
 */
async function requestsSettled(queryClient: QueryClient): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  while (queryClient.isFetching() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  if (queryClient.isFetching() > 0) await queryClient.cancelQueries();
}

/** The user's menu in the header: profile, sign out and (demo only) reset demo data with a confirmation. */
export function UserMenu() {
  const user = useAppState((s) => s.auth.user);
  const store = useAppStoreApi();
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setSigningOut = useSetSigningOut();
  const can = useCan();
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetting, setResetting] = useState(false);
  if (!user) return null;

  const handleLogout = async () => {
    // The signed-in pages go first, so nothing asks the server again while the session ends (cleared while they were
    // still mounted, their queries asked again at once, without a token); then the requests already out get answers.
    setSigningOut(true);
    await requestsSettled(queryClient);
    try {
      await session.signOut();
    } catch (error) {
      // The local session ends anyway; the server-side one expires on its own.
      notify.warning('Signed out on this device only', { description: toSessionError(error).message });
    }
    store.getState().logout();
    queryClient.clear();
    // The shell stays on "Signing out" until the login page replaces it: showing the signed-in pages again in
    // between would mount them without a session.
    await navigate(paths.login.href(), { replace: true });
  };

  const handleReset = async () => {
    if (!session.resetDemoData) return;
    setResetting(true);
    try {
      await session.resetDemoData();
      await queryClient.invalidateQueries();
      notify.success('Demo data restored', { description: 'Every change since the seed was discarded.' });
      setConfirmReset(false);
    } catch (error) {
      notify.error('Could not reset the demo data', { description: toSessionError(error).message });
    } finally {
      setResetting(false);
    }
  };

  const initials = user.name
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <>
      <Menu position="bottom-end" width={240} shadow="md" withinPortal>
        <Menu.Target>
          {/* Named by what it shows, then what it is (WCAG 2.5.3); the initials are decoration. */}
          <UnstyledButton px="xs" py={4} style={{ borderRadius: 8 }}>
            <Group gap="xs" wrap="nowrap">
              <Avatar size={32} radius="xl" color="blue" aria-hidden>
                {initials}
              </Avatar>
              <Stack gap={0} visibleFrom="sm">
                <Text size="sm" fw={600} lh={1.2}>
                  {user.name}
                </Text>
                <Text size="xs" c="dimmed" lh={1.2}>
                  {ROLE_LABELS[user.role]}
                </Text>
              </Stack>
              <IconChevronDown size={14} aria-hidden />
              <VisuallyHidden>account menu</VisuallyHidden>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.email}</Menu.Label>
          {can('mp') ? (
            <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate(paths.profile.href())}>
              Profile
            </Menu.Item>
          ) : null}
          {session.resetDemoData ? (
            <Menu.Item leftSection={<IconRefresh size={16} />} onClick={() => setConfirmReset(true)}>
              Reset demo data
            </Menu.Item>
          ) : null}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={handleLogout}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={confirmReset} onClose={() => setConfirmReset(false)} title="Reset demo data?" centered>
        <Text size="sm">
          Every change made in this demo (added, edited and deleted records) is discarded and the demo world returns to
          its seed. You stay signed in.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmReset(false)} disabled={resetting}>
            Cancel
          </Button>
          <Button color="red" onClick={handleReset} loading={resetting}>
            Reset demo data
          </Button>
        </Group>
      </Modal>
    </>
  );
}
