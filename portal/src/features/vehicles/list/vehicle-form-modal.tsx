import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CONNECTIVITY } from '@/domain/enums';
import { applyServerFieldErrors } from '@/shared/ui/data-table/server-field-errors';
import type { ApiVehicle } from './api/list-vehicles';
import type { LookupOption } from './api/vehicle-lookups';
import { type VehicleFormValues, vehicleFormSchema } from './vehicle-form-schema';

const FIELDS = ['vin', 'registrationNumber', 'modelId', 'connectivity', 'status'] as const;

export interface VehicleFormModalProps {
  opened: boolean;
  /** The vehicle being edited; none to add one. */
  vehicle?: ApiVehicle;
  models: readonly LookupOption[];
  onClose: () => void;
  /** Saves; a rejected ApiError's field errors land on the fields. */
  onSubmit: (values: VehicleFormValues) => Promise<unknown>;
}

/** Add or edit a vehicle: VIN, registration, model, connectivity (and status when adding). */
export function VehicleFormModal({ opened, vehicle, models, onClose, onSubmit }: VehicleFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={vehicle ? `Edit vehicle ${vehicle.vin}` : 'Add vehicle'} centered>
      {/* Mounted per opening, so the form starts from the vehicle it edits. */}
      {opened ? <VehicleForm vehicle={vehicle} models={models} onClose={onClose} onSubmit={onSubmit} /> : null}
    </Modal>
  );
}

function VehicleForm({ vehicle, models, onClose, onSubmit }: Omit<VehicleFormModalProps, 'opened'>) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VehicleFormValues>({
    resolver: zodResolver(vehicleFormSchema),
    defaultValues: {
      vin: vehicle?.vin ?? '',
      registrationNumber: vehicle?.registrationNumber ?? '',
      modelId: vehicle?.modelId ?? '',
      connectivity: vehicle?.connectivity ?? '4G',
      status: vehicle ? (String(vehicle.status) as '0' | '1') : '1',
    },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFormError(applyServerFieldErrors(error, FIELDS, setError));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput label="VIN" withAsterisk {...register('vin')} error={errors.vin?.message} maxLength={17} />
        <TextInput
          label="Registration number"
          withAsterisk
          {...register('registrationNumber')}
          error={errors.registrationNumber?.message}
        />
        <NativeSelect
          label="Model"
          withAsterisk
          {...register('modelId')}
          error={errors.modelId?.message}
          data={[{ value: '', label: 'Choose a model' }, ...models]}
        />
        <NativeSelect
          label="Connectivity"
          withAsterisk
          {...register('connectivity')}
          error={errors.connectivity?.message}
          data={[...CONNECTIVITY]}
        />
        {vehicle ? null : (
          <NativeSelect
            label="Status"
            {...register('status')}
            data={[
              { value: '1', label: 'Active' },
              { value: '0', label: 'Inactive' },
            ]}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {vehicle ? 'Save changes' : 'Add vehicle'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
