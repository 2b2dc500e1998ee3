import { Alert, Button, Group, Modal, type ModalProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ServerForm } from './use-server-form';

export interface FormModalProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  size?: ModalProps['size'];
  /** The form; mounted per opening, so it starts from the values it edits each time. */
  children: ReactNode;
}

/** A centred dialog around a form that is mounted only while the dialog is open. */
export function FormModal({ opened, title, onClose, size, children }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      {opened ? children : null}
    </Modal>
  );
}

export interface ModalFormProps<T extends FieldValues> {
  form: ServerForm<T>;
  /** A line above the fields that says what the dialog does. */
  description?: ReactNode;
  /** The heading of the form's error alert ("The release was not uploaded"). */
  errorTitle?: string;
  submitLabel: string;
  /** Keeps the submit button off while something the form needs is not ready. */
  submitDisabled?: boolean;
  onCancel: () => void;
  /** A secondary action beside the submit button (Unassign). */
  extra?: ReactNode;
  /** The fields. */
  children: ReactNode;
}

/** A dialog's form: its error above the fields, then Cancel and the submit button, busy while it saves. */
export function ModalForm<T extends FieldValues>({
  form: { submit, formError, form },
  description,
  errorTitle,
  submitLabel,
  submitDisabled,
  onCancel,
  extra,
  children,
}: ModalFormProps<T>) {
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {formError ? (
          <Alert color="red" role="alert" title={errorTitle}>
            {formError}
          </Alert>
        ) : null}
        {children}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          {extra}
          <Button type="submit" loading={form.formState.isSubmitting} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
