import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerFieldErrors } from '@/shared/ui/data-table/server-field-errors';
import type { ApiLogger } from '../api/component-api';

export const loggerSchema = z.object({
  serialNumber: z.string().trim().min(1, 'Enter the serial number.').max(40, 'At most 40 characters.'),
  imei: z
    .string()
    .trim()
    .regex(/^\d{15}$/, 'The IMEI has 15 digits.'),
  firmwareVersion: z.string().trim().min(1, 'Enter the firmware version.').max(20, 'At most 20 characters.'),
  oemId: z.string().min(1, 'Choose the OEM.'),
});
export type LoggerValues = z.infer<typeof loggerSchema>;

export interface LoggerFormModalProps {
  opened: boolean;
  logger?: ApiLogger;
  oems: readonly { value: string; label: string }[];
  onClose: () => void;
  onSubmit: (values: LoggerValues) => Promise<unknown>;
}

/** Add or edit a logger device: serial number, IMEI, firmware, OEM (fixed once added). */
export function LoggerFormModal({ opened, logger, oems, onClose, onSubmit }: LoggerFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={logger ? `Edit logger ${logger.serialNumber}` : 'Add logger'}
      centered
    >
      {opened ? <LoggerForm logger={logger} oems={oems} onClose={onClose} onSubmit={onSubmit} /> : null}
    </Modal>
  );
}

function LoggerForm({ logger, oems, onClose, onSubmit }: Omit<LoggerFormModalProps, 'opened'>) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoggerValues>({
    resolver: zodResolver(loggerSchema),
    defaultValues: {
      serialNumber: logger?.serialNumber ?? '',
      imei: logger?.imei ?? '',
      firmwareVersion: logger?.firmwareVersion ?? '',
      oemId: logger?.oemId ?? '',
    },
  });
  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFormError(applyServerFieldErrors(error, ['serialNumber', 'imei', 'firmwareVersion', 'oemId'], setError));
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
        <TextInput label="IMEI" withAsterisk {...register('imei')} error={errors.imei?.message} maxLength={15} />
        <TextInput
          label="Firmware version"
          withAsterisk
          {...register('firmwareVersion')}
          error={errors.firmwareVersion?.message}
        />
        <NativeSelect
          label="OEM"
          withAsterisk
          disabled={Boolean(logger)}
          {...register('oemId')}
          error={errors.oemId?.message}
          data={[{ value: '', label: 'Choose the OEM' }, ...oems]}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {logger ? 'Save changes' : 'Add logger'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
