import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The three lines of spec §1, verbatim. */
export const ERROR_SCREEN_LINES = [
  'Oops! Something went wrong.',
  "We're sorry, but it seems like we've encountered an unexpected error.",
  'Please refresh the page or come back later.',
] as const;

/** The full-page screen for an unexpected render error. */
export function ErrorScreen() {
  return (
    <Center mih="100vh" p="xl" bg="gray.0" role="alert">
      <Stack align="center" gap="xs" maw={520} ta="center">
        <IconAlertTriangle size={56} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={1} size="h2">
          {ERROR_SCREEN_LINES[0]}
        </Title>
        <Text>{ERROR_SCREEN_LINES[1]}</Text>
        <Text>{ERROR_SCREEN_LINES[2]}</Text>
        <Button mt="md" onClick={() => window.location.reload()}>
          Refresh the page
        </Button>
      </Stack>
    </Center>
  );
}
