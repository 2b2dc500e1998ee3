import { ActionIcon, Button, Group, NumberInput, Select, Table, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { type Control, Controller, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { TELEMETRY_SOURCE_LABELS } from '@/domain/enums';
import type { z } from 'zod';
import type { TelemetryValues, telemetrySchema } from '../lib/model-step-schemas';

const SOURCE_OPTIONS = Object.entries(TELEMETRY_SOURCE_LABELS).map(([value, label]) => ({ value, label }));

export interface TelemetryTemplateEditorProps {
  control: Control<TelemetryValues, unknown, z.output<typeof telemetrySchema>>;
  register: UseFormRegister<TelemetryValues>;
  errors: FieldErrors<TelemetryValues>;
}

/**
 * Rows of telemetry keys (key, label, unit, source Telemetry/Shadow/System/AI, min/max range) that can be added,
 * removed and reordered; the order is the order a device's attributes are shown in.
 */
export function TelemetryTemplateEditor({ control, register, errors }: TelemetryTemplateEditorProps) {
  const rows = useFieldArray({ control, name: 'telemetryTemplate' });
  const listError = errors.telemetryTemplate?.message ?? errors.telemetryTemplate?.root?.message;
  const numberCell = (i: number, field: 'min' | 'max', label: string) => (
    <Controller
      name={`telemetryTemplate.${i}.${field}`}
      control={control}
      render={({ field: f, fieldState }) => (
        <NumberInput
          aria-label={`${label} ${i + 1}`}
          value={f.value ?? ''}
          onChange={f.onChange}
          onBlur={f.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          Each key a device of this model reports, with its unit, where the value comes from and its valid range.
        </Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            rows.append({ key: '', label: '', unit: '', source: 1, min: 0, max: 100 }, { shouldFocus: true })
          }
        >
          Add key
        </Button>
      </Group>
      {listError ? (
        <Text c="red" size="sm" mb="xs" role="alert">
          {listError}
        </Text>
      ) : null}
      {rows.fields.length > 0 ? (
        <Table.ScrollContainer minWidth={980}>
          <Table aria-label="Telemetry template" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>Key</Table.Th>
                <Table.Th>Label</Table.Th>
                <Table.Th w={100}>Unit</Table.Th>
                <Table.Th w={170}>Source</Table.Th>
                <Table.Th w={110}>Min</Table.Th>
                <Table.Th w={110}>Max</Table.Th>
                <Table.Th w={110}>
                  <Text span size="sm" fw={600}>
                    Order
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.fields.map((row, i) => {
                const rowErrors = errors.telemetryTemplate?.[i];
                return (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <TextInput
                        aria-label={`Key ${i + 1}`}
                        {...register(`telemetryTemplate.${i}.key`)}
                        error={rowErrors?.key?.message}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Label ${i + 1}`}
                        {...register(`telemetryTemplate.${i}.label`)}
                        error={rowErrors?.label?.message}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Unit ${i + 1}`}
                        {...register(`telemetryTemplate.${i}.unit`)}
                        error={rowErrors?.unit?.message}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Controller
                        name={`telemetryTemplate.${i}.source`}
                        control={control}
                        render={({ field, fieldState }) => (
                          <Select
                            aria-label={`Source ${i + 1}`}
                            data={SOURCE_OPTIONS}
                            value={field.value === undefined ? null : String(field.value)}
                            onChange={(v) => field.onChange(v === null ? undefined : Number(v))}
                            onBlur={field.onBlur}
                            allowDeselect={false}
                            error={fieldState.error?.message}
                          />
                        )}
                      />
                    </Table.Td>
                    <Table.Td>{numberCell(i, 'min', 'Min')}</Table.Td>
                    <Table.Td>{numberCell(i, 'max', 'Max')}</Table.Td>
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Move key ${i + 1} up`}
                          disabled={i === 0}
                          onClick={() => rows.move(i, i - 1)}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Move key ${i + 1} down`}
                          disabled={i === rows.fields.length - 1}
                          onClick={() => rows.move(i, i + 1)}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove key ${i + 1}`}
                          onClick={() => rows.remove(i)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </>
  );
}
