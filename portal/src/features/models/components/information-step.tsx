import { zodResolver } from '@hookform/resolvers/zod';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { VEHICLE_TYPES } from '@/domain/enums';
import { toApiError } from '@/shared/api/api-client';
import { useOemOptions } from '../api/get-oem-options';
import type { Model, ModelKind } from '../api/model-types';
import { applyFieldErrors } from '../lib/apply-field-errors';
import { MODEL_KIND_LABELS } from '../lib/model-kinds';
import { type InformationValues, informationSchema } from '../lib/model-step-schemas';
import { FormError } from './form-error';
import { StepActions } from './step-actions';
import type { SaveIntent } from './step-props';

export type InformationOutput = z.output<typeof informationSchema>;

export interface InformationStepProps {
  /** The model being configured, or null for a new one. */
  model: Model | null;
  /** Kind preselected for a new model (from "Add model" on a kind's page). */
  defaultKind: ModelKind | null;
  /** The kinds the user may add models of (a BMS admin adds only BMS models). */
  allowedKinds: readonly ModelKind[];
  onSubmit: (values: InformationOutput, intent: SaveIntent) => Promise<void>;
}

/** Step 1: kind, name, code, OEM and (for an EV) the vehicle type. Kind and OEM are fixed once the model exists. */
export function InformationStep({ model, defaultKind, allowedKinds, onSubmit }: InformationStepProps) {
  const oems = useOemOptions();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<InformationValues, unknown, InformationOutput>({
    resolver: zodResolver(informationSchema),
    defaultValues: {
      kind:
        model?.kind ??
        (defaultKind && allowedKinds.includes(defaultKind)
          ? defaultKind
          : allowedKinds.length === 1
            ? allowedKinds[0]
            : undefined),
      name: model?.name ?? '',
      code: model?.code ?? '',
      // An OEM user may create models only for their own OEM: the effect below picks it once the list is in.
      oemId: model?.oemId ?? '',
      vehicleType: model?.vehicleType ?? null,
    },
  });
  const kind = watch('kind');
  const onlyOem = oems.data?.length === 1 ? oems.data[0]?.value : undefined;
  useEffect(() => {
    if (onlyOem && !getValues('oemId')) setValue('oemId', onlyOem);
  }, [onlyOem, getValues, setValue]);

  const submit = (intent: SaveIntent) =>
    handleSubmit(async (values) => {
      setFormError(null);
      try {
        await onSubmit(values, intent);
      } catch (error) {
        setFormError(applyFieldErrors(error, setError, ['kind', 'name', 'code', 'oemId', 'vehicleType']));
      }
    });

  return (
    <form onSubmit={submit('next')} noValidate aria-label="Information">
      <FormError message={formError} />
      {oems.isError ? (
        <FormError title="The OEMs could not be loaded" message={toApiError(oems.error).message} />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          name="kind"
          control={control}
          render={({ field, fieldState }) => (
            <Select
              label="Kind"
              withAsterisk
              placeholder="Choose the kind"
              data={(model ? [model.kind] : allowedKinds).map((k) => ({ value: k, label: MODEL_KIND_LABELS[k] }))}
              value={field.value ?? null}
              onChange={(v) => field.onChange(v ?? undefined)}
              onBlur={field.onBlur}
              disabled={model !== null}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          name="oemId"
          control={control}
          render={({ field, fieldState }) => (
            <Select
              label="OEM"
              withAsterisk
              placeholder={oems.isPending ? 'Loading…' : 'Choose the OEM'}
              data={oems.data ?? []}
              searchable
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              disabled={model !== null}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput label="Name" withAsterisk {...register('name')} error={errors.name?.message} />
        <TextInput
          label="Code"
          withAsterisk
          description="Unique across all models, e.g. EV-SPARK-2"
          {...register('code')}
          error={errors.code?.message}
        />
        {kind === 'EV' ? (
          <Controller
            name="vehicleType"
            control={control}
            render={({ field, fieldState }) => (
              <Select
                label="Vehicle type"
                withAsterisk
                placeholder="Choose the vehicle type"
                data={[...VEHICLE_TYPES]}
                value={field.value ?? null}
                onChange={(v) => field.onChange(v)}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : null}
      </SimpleGrid>
      <StepActions onSaveDraft={submit('draft')} isLast={false} published={model?.status === 1} saving={isSubmitting} />
    </form>
  );
}
