import { NativeSelect, TextInput } from '@mantine/core';
import { CONNECTIVITY } from '@/domain/enums';
import { FormModal, ModalForm } from '@/shared/ui/form-modal/form-modal';
import { useServerForm } from '@/shared/ui/form-modal/use-server-form';
import type { ApiVehicle } from './api/list-vehicles';
import type { LookupOption } from './api/vehicle-lookups';
import { type VehicleFormValues, vehicleFormSchema } from './vehicle-form-schema';

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
    <FormModal opened={opened} onClose={onClose} title={vehicle ? `Edit vehicle ${vehicle.vin}` : 'Add vehicle'}>
      <VehicleForm vehicle={vehicle} models={models} onClose={onClose} onSubmit={onSubmit} />
    </FormModal>
  );
}

function VehicleForm({ vehicle, models, onClose, onSubmit }: Omit<VehicleFormModalProps, 'opened'>) {
  const server = useServerForm({
    schema: vehicleFormSchema,
    defaultValues: {
      vin: vehicle?.vin ?? '',
      registrationNumber: vehicle?.registrationNumber ?? '',
      modelId: vehicle?.modelId ?? '',
      connectivity: vehicle?.connectivity ?? '4G',
      status: vehicle ? (String(vehicle.status) as '0' | '1') : '1',
    },
    onSubmit,
  });
  const {
    register,
    formState: { errors },
  } = server.form;

  return (
    <ModalForm form={server} submitLabel={vehicle ? 'Save changes' : 'Add vehicle'} onCancel={onClose}>
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
    </ModalForm>
  );
}
