import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FAULT_KINDS, FAULT_SCOPES, FAULT_SEVERITY_LABELS } from '@/domain/enums';
import type { ModelFault } from '../api/model-types';
import { applyFieldErrors } from '../lib/apply-field-errors';
import { MODEL_KINDS } from '../lib/model-kinds';
import { type FaultsValues, faultsSchema } from '../lib/model-step-schemas';
import { FormError } from './form-error';
import { StepActions } from './step-actions';
import type { SaveIntent, StepProps } from './step-props';

const SEVERITY_OPTIONS = [0, 1, 2, 3, 4, 5].map((v) => ({
  value: String(v),
  label: FAULT_SEVERITY_LABELS[v as keyof typeof FAULT_SEVERITY_LABELS],
}));

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
      {rows.fields.length === 0 ? (
        <Text c="dimmed" size="sm" py="md">
          No faults yet. A model may have none.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={940}>
          <Table aria-label="Faults">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>Code</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th w={110}>Kind</Table.Th>
                <Table.Th w={170}>Scope</Table.Th>
                <Table.Th w={140}>Severity</Table.Th>
                <Table.Th w={100}>Device</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.fields.map((row, i) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Fault code ${i + 1}`}
                      {...register(`faults.${i}.code`)}
                      error={errors.faults?.[i]?.code?.message}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Fault name ${i + 1}`}
                      {...register(`faults.${i}.name`)}
                      error={errors.faults?.[i]?.name?.message}
                    />
                  </Table.Td>
                  <Table.Td>
                    {selectCell(
                      i,
                      'kind',
                      'Fault kind',
                      FAULT_KINDS.map((k) => ({ value: k, label: k })),
                    )}
                  </Table.Td>
                  <Table.Td>
                    {selectCell(
                      i,
                      'scope',
                      'Fault scope',
                      FAULT_SCOPES.map((s) => ({ value: s, label: s })),
                    )}
                  </Table.Td>
                  <Table.Td>{selectCell(i, 'severity', 'Fault severity', SEVERITY_OPTIONS)}</Table.Td>
                  <Table.Td>
                    {selectCell(
                      i,
                      'deviceKind',
                      'Fault device',
                      MODEL_KINDS.map((k) => ({ value: k, label: k })),
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove fault ${i + 1}`}
                      onClick={() => rows.remove(i)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
