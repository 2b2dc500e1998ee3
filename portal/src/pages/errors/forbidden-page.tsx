import { paths } from '@/config/paths';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { dashboardPathFor } from '@/domain/roles';
import { useAppState } from '@/state/store-context';

/** Shown when the signed-in user lacks the permission of the page they asked for. */
export function ForbiddenPage() {
  const role = useAppState((s) => s.auth.user?.role);
  return (
    <Stack align="center" gap="sm" py={64} ta="center">
      <IconLock size={48} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
      <Text c="dimmed" fw={700}>
        403
      </Text>
      <Title order={1} size="h2">
        You do not have access to this page
      </Title>
      <Text c="dimmed" maw={460}>
        Your role does not include the permission this page needs. Ask an administrator if you think you should have it.
      </Text>
      <Button component={Link} to={role ? dashboardPathFor(role) : paths.login.href()} mt="md">
        Go to your dashboard
      </Button>
    </Stack>
  );
}
