import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '@/shared/api/api-error';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';

export interface SingleFieldModalProps {
  opened: boolean;
  title: string;
  description?: ReactNode;
  label: string;
  /** The server's field that this input stands for, so its field error lands here. */
  field: string;
  initialValue?: string;
  submitLabel: string;
  /** A secondary action (e.g. Unassign) beside the submit button. */
  extra?: ReactNode;
  onClose: () => void;
  onSubmit: (value: string) => Promise<unknown>;
}

/** A one-input dialog (clone under a new serial, fit to a vehicle id) with required-value and server field errors. */
export function SingleFieldModal(props: SingleFieldModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      {props.opened ? <SingleFieldForm {...props} /> : null}
    </Modal>
  );
}

function SingleFieldForm({
  description,
  label,
  field,
  initialValue = '',
  submitLabel,
  extra,
  onClose,
  onSubmit,
}: SingleFieldModalProps) {
  const [value, setValue] = useState(initialValue);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!value.trim()) {
      setFieldError(`Enter the ${label.toLowerCase()}.`);
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await onSubmit(value.trim());
    } catch (error) {
      const onField = error instanceof ApiError ? error.fieldErrors?.[field] : undefined;
      if (onField) setFieldError(onField);
      else setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label={label}
          withAsterisk
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={fieldError}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {extra}
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
