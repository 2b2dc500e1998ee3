import { zodResolver } from '@hookform/resolvers/zod';
import { type BaseSyntheticEvent, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { applyServerFieldErrors } from '@/shared/ui/data-table/server-field-errors';

export interface ServerFormOptions<T extends FieldValues> {
  /** Checks the fields in the browser, with the messages shown under them. */
  schema: ZodType<T, T>;
  defaultValues: NoInfer<DefaultValues<T>>;
  /** The fields a server's field error may name; none: the keys of `defaultValues`. */
  serverFields?: readonly Path<T>[];
  /**
   * Saves the checked values. Whatever it throws is shown: an API error's field errors under their fields, the rest
   * above the form. To stop without saving (a check the schema cannot make), set an error on the form and return.
   */
  onSubmit: (values: T, form: UseFormReturn<T>) => Promise<unknown>;
  /** Places a thrown error on the form and returns what is left for the form's alert (default: by `serverFields`). */
  placeError?: (error: unknown, setError: UseFormSetError<T>) => string | null;
}

export interface ServerForm<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** The form element's submit handler. */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** What went wrong that is not a field's: shown above the fields. */
  formError: string | null;
}

/**
 * A react-hook-form form checked by a zod schema whose submit puts the server's field errors (400/409 `fieldErrors`)
 * under their fields and anything else above the form. Render it with `ModalForm`.
 *
 * @example
 * const server = useServerForm({ schema: loggerSchema, defaultValues, onSubmit });
 * <ModalForm form={server} submitLabel="Add logger" onCancel={onClose}>
 *   <TextInput label="IMEI" {...server.form.register('imei')} error={server.form.formState.errors.imei?.message} />
 * </ModalForm>
 */
export function useServerForm<T extends FieldValues>({
  schema,
  defaultValues,
  serverFields,
  onSubmit,
  placeError,
}: ServerFormOptions<T>): ServerForm<T> {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values, form);
    } catch (error) {
      const fields = serverFields ?? (Object.keys(defaultValues) as Path<T>[]);
      setFormError(
        placeError ? placeError(error, form.setError) : applyServerFieldErrors(error, fields, form.setError),
      );
    }
  });
  return { form, submit, formError };
}
