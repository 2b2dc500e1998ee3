import { NativeSelect, TextInput } from '@mantine/core';
import { z } from 'zod';
import { FormModal, ModalForm } from '@/shared/ui/form-modal/form-modal';
import { useServerForm } from '@/shared/ui/form-modal/use-server-form';
import type { ApiSimCard } from '../api/component-api';

/** Operators of the demo region; a real tenant's list would come from its master data. */
export const SIM_OPERATORS = ['Airtel', 'Jio', 'Vi', 'BSNL'] as const;

export const simCardSchema = z.object({
  iccid: z
    .string()
    .trim()
    .regex(/^\d{19,20}$/, 'The ICCID has 19 or 20 digits.'),
  msisdn: z
    .string()
    .trim()
    .refine(
      (v) => /^\+?[\d ]+$/.test(v) && v.replace(/\D/g, '').length >= 8 && v.replace(/\D/g, '').length <= 15,
      'Enter the phone number: 8 to 15 digits, an optional leading + and spaces.',
    ),
  operator: z.string().min(1, 'Choose the operator.'),
});
export type SimCardValues = z.infer<typeof simCardSchema>;

export interface SimCardFormModalProps {
  opened: boolean;
  sim?: ApiSimCard;
  onClose: () => void;
  onSubmit: (values: SimCardValues) => Promise<unknown>;
}

/** Add a SIM card (ICCID, phone number, operator) or edit its phone number and operator. */
export function SimCardFormModal({ opened, sim, onClose, onSubmit }: SimCardFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={sim ? `Edit SIM ${sim.iccid}` : 'Add SIM card'}>
      <SimCardForm sim={sim} onClose={onClose} onSubmit={onSubmit} />
    </FormModal>
  );
}

function SimCardForm({ sim, onClose, onSubmit }: Omit<SimCardFormModalProps, 'opened'>) {
  const server = useServerForm({
    schema: simCardSchema,
    defaultValues: { iccid: sim?.iccid ?? '', msisdn: sim?.msisdn ?? '', operator: sim?.operator ?? '' },
    onSubmit,
  });
  const {
    register,
    formState: { errors },
  } = server.form;
  return (
    <ModalForm form={server} submitLabel={sim ? 'Save changes' : 'Add SIM card'} onCancel={onClose}>
      <TextInput
        label="ICCID"
        withAsterisk
        disabled={Boolean(sim)}
        {...register('iccid')}
        error={errors.iccid?.message}
      />
      <TextInput label="Phone number" withAsterisk {...register('msisdn')} error={errors.msisdn?.message} />
      <NativeSelect
        label="Operator"
        withAsterisk
        {...register('operator')}
        error={errors.operator?.message}
        data={[{ value: '', label: 'Choose the operator' }, ...SIM_OPERATORS]}
      />
    </ModalForm>
  );
}
