import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyFieldErrors } from '../lib/apply-field-errors';
import { type CommandsValues, commandsSchema } from '../lib/model-step-schemas';
import { EditableRowsTable } from './editable-rows-table';
import { FormError } from './form-error';
import { StepActions } from './step-actions';
import type { SaveIntent, StepProps } from './step-props';

/** Step 3: the commands a device of this model accepts (code, name, description). */
export function CommandsStep({ model, onSave, onBack, isLast }: StepProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CommandsValues, unknown, z.output<typeof commandsSchema>>({
    resolver: zodResolver(commandsSchema),
    defaultValues: { commands: model.commands.map((c) => ({ ...c })) },
  });
  const rows = useFieldArray({ control, name: 'commands' });

  const submit = (intent: SaveIntent) =>
    handleSubmit(async (values) => {
      setFormError(null);
      try {
        await onSave({ commands: values.commands }, intent);
      } catch (error) {
        setFormError(applyFieldErrors(error, setError, ['commands']));
      }
    });

  const textCell = (i: number, field: 'code' | 'name' | 'description', label: string) => (
    <TextInput
      aria-label={`${label} ${i + 1}`}
      {...register(`commands.${i}.${field}`)}
      error={errors.commands?.[i]?.[field]?.message}
    />
  );

  return (
    <form onSubmit={submit('next')} noValidate aria-label="Commands">
      <FormError message={formError} />
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          Commands operators can send to a {model.kind === 'EV' ? 'vehicle' : model.kind} of this model.
        </Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => rows.append({ code: '', name: '', description: '' })}
        >
          Add command
        </Button>
      </Group>
      <EditableRowsTable
        label="Commands"
        itemName="command"
        rowIds={rows.fields.map((row) => row.id)}
        onRemove={rows.remove}
        empty="No commands yet. A model may have none."
        columns={[
          { header: 'Code', width: 200, cell: (i) => textCell(i, 'code', 'Command code') },
          { header: 'Name', width: 240, cell: (i) => textCell(i, 'name', 'Command name') },
          { header: 'Description', cell: (i) => textCell(i, 'description', 'Command description') },
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
