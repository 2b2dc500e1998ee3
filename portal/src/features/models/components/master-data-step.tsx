import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  BATTERY_CHEMISTRY_LABELS,
  COOLING_LABELS,
  DEVICE_STATE_LABELS,
  MOTOR_TYPE_LABELS,
  VEHICLE_STATE_LABELS,
} from '@/domain/enums';
import { MASTER_DATA_TABS } from '@/domain/tab-sets';
import { UrlTabs } from '@/shared/ui/url-tabs';
import { applyFieldErrors } from '../lib/apply-field-errors';
import { MASTER_DATA_TAB_OF_KIND } from '../lib/model-kinds';
import {
  type MasterDataValues,
  masterDataPatch,
  masterDataSchema,
  masterDataValuesOf,
} from '../lib/model-step-schemas';
import { EditableRowsTable } from './editable-rows-table';
import { FormError } from './form-error';
import { StepActions } from './step-actions';
import type { SaveIntent, StepProps } from './step-props';

const optionsOf = (labels: Record<number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The standard states of spec §3 for a master-data tab, offered as a starting point. */
const STANDARD_STATES = {
  vcu: Object.entries(VEHICLE_STATE_LABELS),
  bms: Object.entries(DEVICE_STATE_LABELS),
  mcu: Object.entries(DEVICE_STATE_LABELS),
} as const;

/**
 * Step 2: the master data of the model's device kind in its sub-tab (Vehicle State, BMS State or MCU State): the
 * battery data of a BMS, the motor data of an MCU, and the state list every kind has.
 */
export function MasterDataStep({ model, onSave, onBack, isLast }: StepProps) {
  const tabKind = MASTER_DATA_TAB_OF_KIND[model.kind];
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MasterDataValues, unknown, z.output<typeof masterDataSchema>>({
    resolver: zodResolver(masterDataSchema),
    defaultValues: masterDataValuesOf(model),
  });
  const states = useFieldArray({ control, name: 'states' });

  const submit = (intent: SaveIntent) =>
    handleSubmit(async (values) => {
      setFormError(null);
      try {
        await onSave(masterDataPatch(model.kind, values), intent);
      } catch (error) {
        const message = applyFieldErrors(error, setError, ['bms', 'mcu']);
        setFormError(message);
      }
    });

  const numberField = (name: Parameters<typeof register>[0], label: string, unit?: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          withAsterisk
          rightSection={unit ? <Text size="xs">{unit}</Text> : undefined}
          value={(field.value as number | string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
  const stateCell = (i: number, field: 'code' | 'label', label: string) => (
    <TextInput
      aria-label={`${label} ${i + 1}`}
      {...register(`states.${i}.${field}`)}
      error={errors.states?.[i]?.[field]?.message}
    />
  );
  const selectField = (name: Parameters<typeof register>[0], label: string, labels: Record<number, string>) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          withAsterisk
          placeholder={`Choose the ${label.toLowerCase()}`}
          data={optionsOf(labels)}
          value={field.value === undefined ? null : String(field.value)}
          onChange={(v) => field.onChange(v === null ? undefined : Number(v))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <form onSubmit={submit('next')} noValidate aria-label="Master Data">
      <FormError message={formError} />
      <UrlTabs
        label="Master data"
        param="sub"
        tabs={[MASTER_DATA_TABS[tabKind]]}
        renderPanel={() => (
          <Stack gap="lg">
            {model.kind === 'BMS' ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {selectField('bms.chemistry', 'Chemistry', BATTERY_CHEMISTRY_LABELS)}
                {selectField('bms.cooling', 'Cooling', COOLING_LABELS)}
                {numberField('bms.cellCount', 'Cells')}
                {numberField('bms.nominalVoltage', 'Nominal voltage', 'V')}
                {numberField('bms.capacityAh', 'Capacity', 'Ah')}
              </SimpleGrid>
            ) : null}
            {model.kind === 'MCU' ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {selectField('mcu.motorType', 'Motor type', MOTOR_TYPE_LABELS)}
                {numberField('mcu.ratedPowerKw', 'Rated power', 'kW')}
              </SimpleGrid>
            ) : null}
            <div>
              <Group justify="space-between" mb="xs">
                <Title order={4}>{MASTER_DATA_TABS[tabKind].label} codes</Title>
                <Group gap="xs">
                  {states.fields.length === 0 ? (
                    <Button
                      variant="subtle"
                      size="xs"
                      onClick={() => states.replace(STANDARD_STATES[tabKind].map(([code, label]) => ({ code, label })))}
                    >
                      Use the standard states
                    </Button>
                  ) : null}
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => states.append({ code: '', label: '' })}
                  >
                    Add state
                  </Button>
                </Group>
              </Group>
              <EditableRowsTable
                label={`${MASTER_DATA_TABS[tabKind].label} codes`}
                itemName="state"
                rowIds={states.fields.map((row) => row.id)}
                onRemove={states.remove}
                empty={
                  <Text c={errors.states ? 'red' : 'dimmed'} size="sm">
                    {errors.states?.message ?? errors.states?.root?.message ?? 'No states yet.'}
                  </Text>
                }
                columns={[
                  { header: 'Code', width: 160, cell: (i) => stateCell(i, 'code', 'State code') },
                  { header: 'State', cell: (i) => stateCell(i, 'label', 'State label') },
                ]}
              />
            </div>
          </Stack>
        )}
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
