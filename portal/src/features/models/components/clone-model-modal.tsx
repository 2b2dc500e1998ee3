import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
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
type CloneValues = z.infer<typeof cloneSchema>;

export interface CloneModelModalProps {
  model: Model;
  onClose: () => void;
  onCloned: (clone: Model) => void;
}

/** Asks for the new name and code, then copies the model (with its lists) as a draft. */
export function CloneModelModal({ model, onClose, onCloned }: CloneModelModalProps) {
  const clone = useCloneModel();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CloneValues>({
    resolver: zodResolver(cloneSchema),
    defaultValues: { name: `${model.name} copy`.slice(0, 60), code: `${model.code}-COPY`.slice(0, 30) },
  });

  const handleClone = async (values: CloneValues) => {
    setFormError(null);
    try {
      onCloned(await clone.mutateAsync({ id: model.id, name: values.name, code: values.code }));
    } catch (error) {
      setFormError(applyFieldErrors(error, setError, ['name', 'code']));
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Clone ${model.name}`} centered>
      <form onSubmit={handleSubmit(handleClone)} noValidate>
        <Stack>
          {formError ? (
            <Alert color="red" title="The model was not cloned">
              {formError}
            </Alert>
          ) : null}
          <TextInput label="Name of the copy" withAsterisk {...register('name')} error={errors.name?.message} />
          <TextInput label="Code of the copy" withAsterisk {...register('code')} error={errors.code?.message} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Clone
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
