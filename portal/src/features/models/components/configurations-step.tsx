import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, NumberInput, Select, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { COMPONENT_FLAG, COMPONENT_FLAG_LABELS } from '@/domain/bit-flags';
import { INTERVAL_MODE_LABELS, TRIP_MODE_LABELS } from '@/domain/enums';
import type { ModelKind } from '../api/model-types';
import { applyFieldErrors } from '../lib/apply-field-errors';
import { type ConfigurationValues, configurationSchema } from '../lib/model-step-schemas';
import { FormError } from './form-error';
import { StepActions } from './step-actions';
import type { SaveIntent, StepProps } from './step-props';

const optionsOf = (labels: Record<number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A new model's components: an EV reports all three controllers, a device model itself. */
const DEFAULT_COMPONENTS: Record<ModelKind, number> = {
  EV: COMPONENT_FLAG.VCU | COMPONENT_FLAG.BMS | COMPONENT_FLAG.MCU,
  BMS: COMPONENT_FLAG.BMS,
  MCU: COMPONENT_FLAG.MCU,
  VCU: COMPONENT_FLAG.VCU,
};

/** Step 5: how a device of this model is set up: trip mode, power/telemetry interval and reporting components. */
export function ConfigurationsStep({ model, onSave, onBack, isLast }: StepProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<ConfigurationValues, unknown, z.output<typeof configurationSchema>>({
    resolver: zodResolver(configurationSchema),
    defaultValues: {
      configuration: model.configuration ?? {
        tripMode: 2,
        intervalMode: 2,
        telemetryIntervalSec: 10,
        components: DEFAULT_COMPONENTS[model.kind],
      },
    },
  });

  const submit = (intent: SaveIntent) =>
    handleSubmit(async (values) => {
      setFormError(null);
      try {
        await onSave({ configuration: values.configuration as NonNullable<typeof model.configuration> }, intent);
      } catch (error) {
        setFormError(applyFieldErrors(error, setError, ['configuration']));
      }
    });

  const modeSelect = (
    name: 'configuration.tripMode' | 'configuration.intervalMode',
    label: string,
    labels: Record<number, string>,
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          withAsterisk
          data={optionsOf(labels)}
          value={field.value === undefined ? null : String(field.value)}
          onChange={(v) => field.onChange(v === null ? undefined : Number(v))}
          onBlur={field.onBlur}
          allowDeselect={false}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <form onSubmit={submit('next')} noValidate aria-label="Configurations">
      <FormError message={formError} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {modeSelect('configuration.tripMode', 'Trip mode', TRIP_MODE_LABELS)}
        {modeSelect('configuration.intervalMode', 'Power / telemetry interval mode', INTERVAL_MODE_LABELS)}
        <Controller
          name="configuration.telemetryIntervalSec"
          control={control}
          render={({ field, fieldState }) => (
            <NumberInput
              label="Telemetry interval"
              description="Seconds between telemetry messages (1 to 3600)"
              withAsterisk
              allowDecimal={false}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        name="configuration.components"
        control={control}
        render={({ field, fieldState }) => {
          const flags = typeof field.value === 'number' ? field.value : 0;
          return (
            <Checkbox.Group
              mt="lg"
              label="Components this model reports"
              withAsterisk
              value={Object.values(COMPONENT_FLAG)
                .filter((flag) => (flags & flag) !== 0)
                .map(String)}
              onChange={(values) => field.onChange(values.reduce((acc, v) => acc | Number(v), 0))}
              error={fieldState.error?.message}
            >
              <Group mt="xs">
                {Object.values(COMPONENT_FLAG).map((flag) => (
                  <Checkbox key={flag} value={String(flag)} label={COMPONENT_FLAG_LABELS[flag]} />
                ))}
              </Group>
            </Checkbox.Group>
          );
        }}
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
