import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyFieldErrors } from '../lib/apply-field-errors';
import { type CommandsValues, commandsSchema } from '../lib/model-step-schemas';
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
      {rows.fields.length === 0 ? (
        <Text c="dimmed" size="sm" py="md">
          No commands yet. A model may have none.
        </Text>
      ) : (
        <Table aria-label="Commands">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={200}>Code</Table.Th>
              <Table.Th w={240}>Name</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.fields.map((row, i) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <TextInput
                    aria-label={`Command code ${i + 1}`}
                    {...register(`commands.${i}.code`)}
                    error={errors.commands?.[i]?.code?.message}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Command name ${i + 1}`}
                    {...register(`commands.${i}.name`)}
                    error={errors.commands?.[i]?.name?.message}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Command description ${i + 1}`}
                    {...register(`commands.${i}.description`)}
                    error={errors.commands?.[i]?.description?.message}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove command ${i + 1}`}
                    onClick={() => rows.remove(i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
