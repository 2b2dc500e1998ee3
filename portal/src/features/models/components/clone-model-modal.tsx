import { TextInput } from '@mantine/core';
import { z } from 'zod';
import { FormModal, ModalForm } from '@/shared/ui/form-modal/form-modal';
import { useServerForm } from '@/shared/ui/form-modal/use-server-form';
import { useCloneModel } from '../api/clone-model';
import type { Model } from '../api/model-types';
import { applyFieldErrors } from '../lib/apply-field-errors';

const cloneSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(60, 'Use at most 60 characters'),
  code: z
    .string()
    .trim()
    .min(1, 'Enter a code')
    .max(30, 'Use at most 30 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'Use letters, digits, - and _'),
});

export interface CloneModelModalProps {
  model: Model;
  onClose: () => void;
  onCloned: (clone: Model) => void;
}

/** Asks for the new name and code, then copies the model (with its lists) as a draft. */
export function CloneModelModal({ model, onClose, onCloned }: CloneModelModalProps) {
  const clone = useCloneModel();
  const server = useServerForm({
    schema: cloneSchema,
    defaultValues: { name: `${model.name} copy`.slice(0, 60), code: `${model.code}-COPY`.slice(0, 30) },
    onSubmit: async (values) => onCloned(await clone.mutateAsync({ id: model.id, ...values })),
    placeError: (error, setError) => applyFieldErrors(error, setError, ['name', 'code']),
  });
  const {
    register,
    formState: { errors },
  } = server.form;

  return (
    <FormModal opened onClose={onClose} title={`Clone ${model.name}`}>
      <ModalForm form={server} errorTitle="The model was not cloned" submitLabel="Clone" onCancel={onClose}>
        <TextInput label="Name of the copy" withAsterisk {...register('name')} error={errors.name?.message} />
        <TextInput label="Code of the copy" withAsterisk {...register('code')} error={errors.code?.message} />
      </ModalForm>
    </FormModal>
  );
}
