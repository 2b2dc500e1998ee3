import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RoutePageProps } from '@/config/paths';
import { PasswordForm } from '@/features/settings/components/password-form';
import { ProfileDetailsForm } from '@/features/settings/components/profile-details-form';
import { SessionsList } from '@/features/settings/components/sessions-list';
import { useCan } from '@/state/use-can';
import { ROLE_LABELS } from '@/domain/roles';
import { useAppState } from '@/state/store-context';
import { PageHeader } from '@/shared/ui/page-header';
import { AccessSummary } from './access-summary';

const SCOPES = [
  ['oemId', 'OEM'],
  ['dealerId', 'Service center'],
  ['fleetId', 'Fleet'],
  ['evOwnerId', 'EV owner'],
  ['driverId', 'Driver'],
] as const;

/** The signed-in user: identity, role, scope, the areas their permissions open, own details, password and sessions. */
export function ProfilePage({ route }: RoutePageProps) {
  const user = useAppState((s) => s.auth.user);
  const permissions = useAppState((s) => s.auth.permissions);
  const can = useCan();
  if (!user) return null;
  const initials = user.name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <>
      <PageHeader title={route.title} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Group>
            <Avatar size="lg" radius="xl" color="blue">
              {initials}
            </Avatar>
            <Stack gap={2}>
              <Text fw={700} size="lg">
                {user.name}
              </Text>
              <Text c="dimmed" size="sm">
                {user.email}
              </Text>
              <Badge variant="light" radius="sm" w="fit-content">
                {ROLE_LABELS[user.role]}
              </Badge>
            </Stack>
          </Group>
          <Stack gap={4} mt="md">
            {SCOPES.filter(([field]) => user[field]).map(([field, label]) => (
              <Text size="sm" key={field}>
                {label}:{' '}
                <Text span fw={600}>
                  {user[field]}
                </Text>
              </Text>
            ))}
          </Stack>
        </Card>
        <ProfileDetailsForm />
        {can('mp.cp') ? <PasswordForm /> : null}
        <SessionsList />
        <AccessSummary permissions={permissions} />
      </SimpleGrid>
    </>
  );
}
