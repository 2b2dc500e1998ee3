import { NativeSelect, TextInput } from '@mantine/core';
import { z } from 'zod';
import { FormModal, ModalForm } from '@/shared/ui/form-modal/form-modal';
import { useServerForm } from '@/shared/ui/form-modal/use-server-form';
import type { ApiDevice, DeviceKind } from './api/device-api';

export const deviceFormSchema = z.object({
  serialNumber: z
    .string()
    .trim()
    .min(1, 'Enter the serial number.')
    .max(40, 'At most 40 characters.')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'Use letters, digits and - _ . / only.'),
  modelId: z.string().min(1, 'Choose a model.'),
  firmwareVersion: z.string().trim().min(1, 'Enter the firmware version.').max(20, 'At most 20 characters.'),
});
export type DeviceFormValues = z.infer<typeof deviceFormSchema>;

export interface DeviceFormModalProps {
  kind: DeviceKind;
  opened: boolean;
  device?: ApiDevice;
  models: readonly { value: string; label: string }[];
  onClose: () => void;
  onSubmit: (values: DeviceFormValues) => Promise<unknown>;
}

/** Add or edit a BMS, MCU or VCU: serial number, model of that kind, firmware version. */
export function DeviceFormModal({ kind, opened, device, models, onClose, onSubmit }: DeviceFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={device ? `Edit ${kind} ${device.serialNumber}` : `Add ${kind}`}>
      <DeviceForm kind={kind} device={device} models={models} onClose={onClose} onSubmit={onSubmit} />
    </FormModal>
  );
}

function DeviceForm({ kind, device, models, onClose, onSubmit }: Omit<DeviceFormModalProps, 'opened'>) {
  const server = useServerForm({
    schema: deviceFormSchema,
    defaultValues: {
      serialNumber: device?.serialNumber ?? '',
      modelId: device?.modelId ?? '',
      firmwareVersion: device?.firmwareVersion ?? '',
    },
    onSubmit,
  });
  const {
    register,
    formState: { errors },
  } = server.form;
  return (
    <ModalForm form={server} submitLabel={device ? 'Save changes' : `Add ${kind}`} onCancel={onClose}>
      <TextInput
        label="Serial number"
        withAsterisk
        {...register('serialNumber')}
        error={errors.serialNumber?.message}
      />
      <NativeSelect
        label="Model"
        withAsterisk
        {...register('modelId')}
        error={errors.modelId?.message}
        data={[{ value: '', label: `Choose a ${kind} model` }, ...models]}
      />
      <TextInput
        label="Firmware version"
        withAsterisk
        {...register('firmwareVersion')}
        error={errors.firmwareVersion?.message}
      />
    </ModalForm>
  );
}
