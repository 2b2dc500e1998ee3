import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerFieldErrors } from '@/shared/ui/data-table/server-field-errors';
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

const FIELDS = ['serialNumber', 'modelId', 'firmwareVersion'] as const;

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
    <Modal
      opened={opened}
      onClose={onClose}
      title={device ? `Edit ${kind} ${device.serialNumber}` : `Add ${kind}`}
      centered
    >
      {opened ? <DeviceForm kind={kind} device={device} models={models} onClose={onClose} onSubmit={onSubmit} /> : null}
    </Modal>
  );
}

function DeviceForm({ kind, device, models, onClose, onSubmit }: Omit<DeviceFormModalProps, 'opened'>) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeviceFormValues>({
    resolver: zodResolver(deviceFormSchema),
    defaultValues: {
      serialNumber: device?.serialNumber ?? '',
      modelId: device?.modelId ?? '',
      firmwareVersion: device?.firmwareVersion ?? '',
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
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {device ? 'Save changes' : `Add ${kind}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
