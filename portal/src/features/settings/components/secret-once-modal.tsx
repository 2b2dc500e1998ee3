import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';

/** A secret shown this once, with a copy button: after closing it cannot be seen again. */
export function SecretOnceModal({
  title,
  what,
  secret,
  onClose,
}: {
  title: string;
  what: string;
  secret: string | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title} centered size="lg">
      {secret ? (
        <Stack gap="sm">
          <Alert color="yellow">
            Copy {what} now and keep it somewhere safe. It is shown only this once; only a fingerprint of it is kept.
          </Alert>
          <Code block fz="sm" aria-label={what} style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <Group justify="space-between">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>I have copied it</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
