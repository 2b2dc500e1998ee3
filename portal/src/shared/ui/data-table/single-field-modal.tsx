import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { ApiError } from '@/shared/api/api-error';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { FormModal, ModalForm } from '@/shared/ui/form-modal/form-modal';
import { useServerForm } from '@/shared/ui/form-modal/use-server-form';

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
    <FormModal opened={props.opened} onClose={props.onClose} title={props.title}>
      <SingleFieldForm {...props} />
    </FormModal>
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
  const server = useServerForm({
    schema: z.object({ value: z.string().trim().min(1, `Enter the ${label.toLowerCase()}.`) }),
    defaultValues: { value: initialValue },
    onSubmit: ({ value }) => onSubmit(value),
    // The server names the field by its own name (`serialNumber`); the form has one input.
    placeError: (error, setError) => {
      const onField = error instanceof ApiError ? error.fieldErrors?.[field] : undefined;
      if (!onField) return errorMessage(error);
      setError('value', { type: 'server', message: onField });
      return null;
    },
  });
  const {
    register,
    formState: { errors },
  } = server.form;
  return (
    <ModalForm form={server} description={description} submitLabel={submitLabel} extra={extra} onCancel={onClose}>
      <TextInput label={label} withAsterisk {...register('value')} error={errors.value?.message} />
    </ModalForm>
  );
}
