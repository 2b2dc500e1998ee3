import { TextInput } from '@mantine/core';
import { FormModal, ModalForm } from '@/shared/ui/form-modal/form-modal';
import { useServerForm } from '@/shared/ui/form-modal/use-server-form';
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
    <FormModal opened={source !== null} onClose={onClose} title={source ? `Clone ${source.vin}` : 'Clone'}>
      <CloneForm onClose={onClose} onSubmit={onSubmit} />
    </FormModal>
  );
}

function CloneForm({ onClose, onSubmit }: Omit<CloneVehicleModalProps, 'source'>) {
  const server = useServerForm({
    schema: cloneFormSchema,
    defaultValues: { vin: '', registrationNumber: '' },
    onSubmit,
  });
  const {
    register,
    formState: { errors },
  } = server.form;
  return (
    <ModalForm
      form={server}
      description="The clone keeps the model, owners and connectivity; devices are not copied."
      submitLabel="Clone vehicle"
      onCancel={onClose}
    >
      <TextInput label="New VIN" withAsterisk {...register('vin')} error={errors.vin?.message} maxLength={17} />
      <TextInput
        label="New registration number"
        withAsterisk
        {...register('registrationNumber')}
        error={errors.registrationNumber?.message}
      />
    </ModalForm>
  );
}
