import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { FAULT_SEVERITY_LABELS } from '@/domain/enums';
import { COMPARATOR_LABELS, COMPARATORS, type Comparator, type KeyRange } from '@/domain/rules';
import { type ConditionDraft, emptyCondition, type RuleDraftErrors } from '../lib/rule-draft';

const COMPARATOR_OPTIONS = COMPARATORS.map((c) => ({ value: c, label: `${c} (${COMPARATOR_LABELS[c]})` }));
const KIND_OPTIONS = [
  { value: 'telemetry', label: 'Telemetry' },
  { value: 'fault', label: 'Fault' },
];
const SEVERITY_OPTIONS = Object.entries(FAULT_SEVERITY_LABELS)
  .filter(([value]) => Number(value) >= 0 && Number(value) <= 5)
  .map(([value, label]) => ({ value, label }));

export interface ConditionListProps {
  /** The form field ("conditions" or "clearConditions"): errors are keyed `<field>.<index>`. */
  field: string;
  /** "Condition" or "Clear condition": names the rows and buttons. */
  noun: string;
  conditions: ConditionDraft[];
  onChange: (next: ConditionDraft[]) => void;
  keys: readonly KeyRange[];
  faultCodes: readonly { code: string; name: string }[];
  errors: RuleDraftErrors;
}

/** Rows of conditions: a telemetry key or a fault, a comparison and a value; each row can be removed. */
export function ConditionList({ field, noun, conditions, onChange, keys, faultCodes, errors }: ConditionListProps) {
  const keyOptions = keys.map((k) => ({ value: k.key, label: `${k.label} (${k.unit})` }));
  const faultOptions = [
    { value: '', label: 'Any fault' },
    ...faultCodes.map((f) => ({ value: f.code, label: `${f.code} – ${f.name}` })),
  ];
  const set = (i: number, patch: Partial<ConditionDraft>) =>
    onChange(conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <Stack gap="xs">
      {conditions.map((c, i) => {
        const n = i + 1;
        const range = c.kind === 'telemetry' ? keys.find((k) => k.key === c.key) : undefined;
        const error = errors[`${field}.${i}`];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
          <fieldset key={i} aria-label={`${noun} ${n}`} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <Select
                label={`${noun} ${n}: type`}
                data={KIND_OPTIONS}
                value={c.kind}
                allowDeselect={false}
                w={120}
                onChange={(v) =>
                  onChange(conditions.map((x, j) => (j === i ? emptyCondition(v as ConditionDraft['kind']) : x)))
                }
              />
              {c.kind === 'telemetry' ? (
                <Select
                  label={`${noun} ${n}: telemetry key`}
                  placeholder="Choose a key"
                  data={keyOptions}
                  value={c.key || null}
                  searchable
                  w={230}
                  onChange={(v) => set(i, { key: v ?? '' })}
                />
              ) : (
                <Select
                  label={`${noun} ${n}: fault`}
                  data={faultOptions}
                  value={c.key}
                  allowDeselect={false}
                  searchable
                  w={230}
                  onChange={(v) => set(i, { key: v ?? '' })}
                />
              )}
              <Select
                label={`${noun} ${n}: comparison`}
                data={COMPARATOR_OPTIONS}
                value={c.comparator}
                allowDeselect={false}
                w={170}
                onChange={(v) => set(i, { comparator: (v ?? '>') as Comparator })}
              />
              {c.kind === 'telemetry' ? (
                <NumberInput
                  label={`${noun} ${n}: value`}
                  value={c.value}
                  w={130}
                  description={range ? `${range.min} to ${range.max} ${range.unit}` : undefined}
                  onChange={(v) => set(i, { value: typeof v === 'number' ? v : v === '' ? '' : Number(v) })}
                />
              ) : (
                <Select
                  label={`${noun} ${n}: severity`}
                  data={SEVERITY_OPTIONS}
                  value={c.value === '' ? null : String(c.value)}
                  allowDeselect={false}
                  w={130}
                  onChange={(v) => set(i, { value: v === null ? '' : Number(v) })}
                />
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={`Remove ${noun.toLowerCase()} ${n}`}
                onClick={() => onChange(conditions.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            {error ? (
              <Text size="xs" c="red.9" role="alert" mt={4}>
                {error}
              </Text>
            ) : null}
          </fieldset>
        );
      })}
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...conditions, emptyCondition()])}
        >
          Add {noun.toLowerCase()}
        </Button>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...conditions, emptyCondition('fault')])}
        >
          Add fault {noun.toLowerCase()}
        </Button>
      </Group>
    </Stack>
  );
}
