import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FAULT_KINDS, FAULT_SCOPES, FAULT_SEVERITY_LABELS } from '@/domain/enums';
import type { ModelFault } from '../api/model-types';
import { applyFieldErrors } from '../lib/apply-field-errors';
import { MODEL_KINDS } from '../lib/model-kinds';
import { type FaultsValues, faultsSchema } from '../lib/model-step-schemas';
import { EditableRowsTable } from './editable-rows-table';
import { FormError } from './form-error';
import { StepActions } from './step-actions';
import type { SaveIntent, StepProps } from './step-props';

const SEVERITY_OPTIONS = [0, 1, 2, 3, 4, 5].map((v) => ({
  value: String(v),
  label: FAULT_SEVERITY_LABELS[v as keyof typeof FAULT_SEVERITY_LABELS],
}));

const KIND_OPTIONS = FAULT_KINDS.map((k) => ({ value: k, label: k }));
const SCOPE_OPTIONS = FAULT_SCOPES.map((s) => ({ value: s, label: s }));
const DEVICE_OPTIONS = MODEL_KINDS.map((k) => ({ value: k, label: k }));

/** Step 4: the faults and alerts a device of this model raises, with kind, scope, severity and device kind. */
export function FaultsStep({ model, onSave, onBack, isLast }: StepProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FaultsValues, unknown, z.output<typeof faultsSchema>>({
    resolver: zodResolver(faultsSchema),
    defaultValues: { faults: model.faults.map((f) => ({ ...f })) as FaultsValues['faults'] },
  });
  const rows = useFieldArray({ control, name: 'faults' });

  const submit = (intent: SaveIntent) =>
    handleSubmit(async (values) => {
      setFormError(null);
      try {
        await onSave({ faults: values.faults as ModelFault[] }, intent);
      } catch (error) {
        setFormError(applyFieldErrors(error, setError, ['faults']));
      }
    });

  const textCell = (i: number, field: 'code' | 'name', label: string) => (
    <TextInput
      aria-label={`${label} ${i + 1}`}
      {...register(`faults.${i}.${field}`)}
      error={errors.faults?.[i]?.[field]?.message}
    />
  );

  const selectCell = (
    i: number,
    field: 'kind' | 'scope' | 'severity' | 'deviceKind',
    label: string,
    data: { value: string; label: string }[],
  ) => (
    <Controller
      name={`faults.${i}.${field}`}
      control={control}
      render={({ field: f, fieldState }) => (
        <Select
          aria-label={`${label} ${i + 1}`}
          data={data}
          value={f.value === undefined || f.value === null ? null : String(f.value)}
          onChange={(v) => f.onChange(v === null ? undefined : field === 'severity' ? Number(v) : v)}
          onBlur={f.onBlur}
          error={fieldState.error?.message}
          allowDeselect={false}
        />
      )}
    />
  );

  return (
    <form onSubmit={submit('next')} noValidate aria-label="Faults">
      <FormError message={formError} />
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          Faults and alerts a {model.kind === 'EV' ? 'vehicle' : model.kind} of this model reports.
        </Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            rows.append({ code: '', name: '', kind: 'Fault', scope: 'Component', severity: 2, deviceKind: model.kind })
          }
        >
          Add fault
        </Button>
      </Group>
      <EditableRowsTable
        label="Faults"
        itemName="fault"
        rowIds={rows.fields.map((row) => row.id)}
        onRemove={rows.remove}
        empty="No faults yet. A model may have none."
        minWidth={940}
        columns={[
          { header: 'Code', width: 170, cell: (i) => textCell(i, 'code', 'Fault code') },
          { header: 'Name', cell: (i) => textCell(i, 'name', 'Fault name') },
          { header: 'Kind', width: 110, cell: (i) => selectCell(i, 'kind', 'Fault kind', KIND_OPTIONS) },
          { header: 'Scope', width: 170, cell: (i) => selectCell(i, 'scope', 'Fault scope', SCOPE_OPTIONS) },
          {
            header: 'Severity',
            width: 140,
            cell: (i) => selectCell(i, 'severity', 'Fault severity', SEVERITY_OPTIONS),
          },
          { header: 'Device', width: 100, cell: (i) => selectCell(i, 'deviceKind', 'Fault device', DEVICE_OPTIONS) },
        ]}
      />
      <StepActions
        onBack={onBack}
        onSaveDraft={submit('draft')}
        isLast={isLast}
        published={model.status === 1}
        saving={isSubmitting}
      />
    </form>
  );
}
