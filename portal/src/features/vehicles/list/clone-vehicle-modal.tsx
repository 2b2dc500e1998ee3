import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '@/shared/ui/data-table/server-field-errors';
import type { ApiVehicle } from './api/list-vehicles';
import { type CloneFormValues, cloneFormSchema } from './vehicle-form-schema';

export interface CloneVehicleModalProps {
  source: ApiVehicle | null;
  onClose: () => void;
  onSubmit: (values: CloneFormValues) => Promise<unknown>;
}

/** Clones a vehicle's model, owners and connectivity under a new VIN and registration. */
export function CloneVehicleModal({ source, onClose, onSubmit }: CloneVehicleModalProps) {
  return (
    <Modal opened={source !== null} onClose={onClose} title={source ? `Clone ${source.vin}` : 'Clone'} centered>
      {source ? <CloneForm onClose={onClose} onSubmit={onSubmit} /> : null}
    </Modal>
  );
}

function CloneForm({ onClose, onSubmit }: Omit<CloneVehicleModalProps, 'source'>) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CloneFormValues>({
    resolver: zodResolver(cloneFormSchema),
    defaultValues: { vin: '', registrationNumber: '' },
  });
  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFormError(applyServerFieldErrors(error, ['vin', 'registrationNumber'], setError));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The clone keeps the model, owners and connectivity; devices are not copied.
        </Text>
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput label="New VIN" withAsterisk {...register('vin')} error={errors.vin?.message} maxLength={17} />
        <TextInput
          label="New registration number"
          withAsterisk
          {...register('registrationNumber')}
          error={errors.registrationNumber?.message}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Clone vehicle
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
