import { paths } from '@/config/paths';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { dashboardPathFor } from '@/domain/roles';
import { useAppState } from '@/state/store-context';

/** Shown for a path that no route matches. */
export function NotFoundPage() {
  const role = useAppState((s) => s.auth.user?.role);
  return (
    <Stack align="center" gap="sm" py={64} ta="center">
      <IconMapOff size={48} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
      <Text c="dimmed" fw={700}>
        404
      </Text>
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed" maw={460}>
        The address you opened does not exist. It may have moved, or the link may be mistyped.
      </Text>
      <Button component={Link} to={role ? dashboardPathFor(role) : paths.login.href()} mt="md">
        Go to your dashboard
      </Button>
    </Stack>
  );
}
