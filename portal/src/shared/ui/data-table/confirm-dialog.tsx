import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { notify } from '@/shared/ui/notify';
import { errorMessage } from './server-field-errors';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before a destructive action; the confirm button names the action. While it closes (its fade-out), it keeps the
 * words it was opened with: callers clear the row they asked about as they close it ("Revoke ?" would show otherwise).
 */
export function ConfirmDialog({ opened, busy, onConfirm, onClose, ...words }: ConfirmDialogProps) {
  const [shown, setShown] = useState(words);
  // Updated during render (React's pattern for state derived from props), only while open.
  if (
    opened &&
    (shown.title !== words.title || shown.message !== words.message || shown.confirmLabel !== words.confirmLabel)
  ) {
    setShown(words);
  }
  const { title, message, confirmLabel } = opened ? words : shown;
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

export interface DeleteDialogProps<T> extends Pick<ConfirmDialogProps, 'title' | 'confirmLabel' | 'busy' | 'onClose'> {
  /** The row to delete; null while the dialog is closed. */
  item: T | null;
  /** The row as the notifications name it ("logger LG-1"). */
  name: (item: T) => string;
  /** The question, naming the row and what else the delete does. */
  message: (item: T) => string;
  onDelete: (item: T) => Promise<unknown>;
}

/**
 * Asks before deleting a row, then deletes it: on success it says so and closes; on failure it says why and stays
 * open, so the user can try again or cancel.
 */
export function DeleteDialog<T>({ item, name, message, onDelete, onClose, ...dialog }: DeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      {...dialog}
      opened={item !== null}
      message={item === null ? '' : message(item)}
      onClose={onClose}
      onConfirm={async () => {
        if (item === null) return;
        try {
          await onDelete(item);
          notify.success(`Deleted ${name(item)}`);
          onClose();
        } catch (error) {
          notify.error(`Could not delete ${name(item)}`, { description: errorMessage(error) });
        }
      }}
    />
  );
}
