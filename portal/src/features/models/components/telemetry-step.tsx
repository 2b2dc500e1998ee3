import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { TelemetryKey } from '../api/model-types';
import { applyFieldErrors } from '../lib/apply-field-errors';
import { type TelemetryValues, telemetrySchema } from '../lib/model-step-schemas';
import { FormError } from './form-error';
import { StepActions } from './step-actions';
import type { SaveIntent, StepProps } from './step-props';
import { TelemetryTemplateEditor } from './telemetry-template-editor';

/** Step 6: the telemetry template; finishing here publishes the model. */
export function TelemetryStep({ model, onSave, onBack, isLast }: StepProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TelemetryValues, unknown, z.output<typeof telemetrySchema>>({
    resolver: zodResolver(telemetrySchema),
    defaultValues: { telemetryTemplate: model.telemetryTemplate.map((k) => ({ ...k })) },
  });

  const submit = (intent: SaveIntent) =>
    handleSubmit(async (values) => {
      setFormError(null);
      try {
        await onSave({ telemetryTemplate: values.telemetryTemplate as TelemetryKey[] }, intent);
      } catch (error) {
        setFormError(applyFieldErrors(error, setError, ['telemetryTemplate']));
      }
    });

  return (
    <form onSubmit={submit('next')} noValidate aria-label="Telemetry">
      <FormError message={formError} />
      <TelemetryTemplateEditor control={control} register={register} errors={errors} />
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
