import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive action; the confirm button names the action. */
export function ConfirmDialog({ opened, title, message, confirmLabel, busy, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
