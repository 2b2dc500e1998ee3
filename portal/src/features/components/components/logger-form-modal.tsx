import { NativeSelect, TextInput } from '@mantine/core';
import { z } from 'zod';
import { FormModal, ModalForm } from '@/shared/ui/form-modal/form-modal';
import { useServerForm } from '@/shared/ui/form-modal/use-server-form';
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
    <FormModal opened={opened} onClose={onClose} title={logger ? `Edit logger ${logger.serialNumber}` : 'Add logger'}>
      <LoggerForm logger={logger} oems={oems} onClose={onClose} onSubmit={onSubmit} />
    </FormModal>
  );
}

function LoggerForm({ logger, oems, onClose, onSubmit }: Omit<LoggerFormModalProps, 'opened'>) {
  const server = useServerForm({
    schema: loggerSchema,
    defaultValues: {
      serialNumber: logger?.serialNumber ?? '',
      imei: logger?.imei ?? '',
      firmwareVersion: logger?.firmwareVersion ?? '',
      oemId: logger?.oemId ?? '',
    },
    onSubmit,
  });
  const {
    register,
    formState: { errors },
  } = server.form;
  return (
    <ModalForm form={server} submitLabel={logger ? 'Save changes' : 'Add logger'} onCancel={onClose}>
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
    </ModalForm>
  );
}
