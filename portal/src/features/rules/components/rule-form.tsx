import {
  Box,
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { DELIVERY_METHOD_LABELS } from '@/domain/bit-flags';
import { FAULT_SEVERITY_LABELS } from '@/domain/enums';
import { type KeyRange, RULE_DEVICE_KINDS, type RuleDeviceKind } from '@/domain/rules';
import { ApiError } from '@/shared/api/api-error';
import { useVehicleOption, type VehicleOption } from '@/shared/api/vehicle-search';
import { VehiclePicker } from '@/shared/ui/vehicle-picker';
import { formatDateTime } from '@/shared/lib/format';
import { type RuleInput, type RuleTestResult, useRuleModels, useRuleOems, useTestRule } from '../api/rule-api';
import { type RuleDraft, type RuleDraftErrors, toRuleInput, validateRuleDraft } from '../lib/rule-draft';
import { ConditionList } from './condition-list';

const SCOPE_OPTIONS = [
  { value: '1', label: 'OEM' },
  { value: '2', label: 'Model' },
  { value: '3', label: 'Device' },
];
const SEVERITY_OPTIONS = [1, 2, 3, 4, 5].map((v) => ({
  value: String(v),
  label: FAULT_SEVERITY_LABELS[v as 1 | 2 | 3 | 4 | 5],
}));
const METHODS = Object.entries(DELIVERY_METHOD_LABELS).map(([bit, label]) => ({ bit: Number(bit), label }));

export interface RuleFormProps {
  initial: RuleDraft;
  /** Platform staff choose the OEM; an OEM's staff have theirs. */
  choosesOem: boolean;
  /** Only platform and OEM staff may watch a whole OEM or model; others one vehicle. */
  wideScopes: boolean;
  /** Editing: switching on and off is the list's Enable/Disable (its own permission), not a field. */
  editing: boolean;
  onSubmit: (input: RuleInput) => Promise<unknown>;
  onCancel: () => void;
}

/** The rule builder: what it watches, its conditions, timing, severity and delivery; "Test this rule"; save. */
export function RuleForm({ initial, choosesOem, wideScopes, editing, onSubmit, onCancel }: RuleFormProps) {
  const [draft, setDraft] = useState<RuleDraft>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<RuleDraftErrors>({});
  // The picked vehicle's option; a saved rule's vehicle is known by its id only until read.
  const [pickedVehicle, setPickedVehicle] = useState<VehicleOption | null>(null);
  const savedVehicle = useVehicleOption(
    draft.scope === 3 && !pickedVehicle && draft.vehicleId ? draft.vehicleId : null,
  );
  const test = useTestRule();

  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    // A changed field drops the server's error about it.
    setServerErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => k !== key && !k.startsWith(`${key}.`))),
    );
  };

  const oems = useRuleOems(choosesOem);
  const models = useRuleModels(draft.deviceKind, draft.scope === 3 ? null : draft.oemId || null);
  const model = models.data?.find((m) => m.id === draft.modelId);
  // The keys and faults the conditions may test: the chosen model's, else the first model's of the kind (one template per kind).
  const templateModel = model ?? models.data?.[0];
  const keys: KeyRange[] = useMemo(() => templateModel?.telemetryTemplate ?? [], [templateModel]);
  const faultCodes = templateModel?.faults ?? [];
  const commands = templateModel?.commands ?? [];

  const errors = { ...(submitted ? validateRuleDraft(draft, keys, { choosesOem }) : {}), ...serverErrors };
  const conditionErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => k.includes('onditions')));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSaveError(null);
    setServerErrors({});
    if (Object.keys(validateRuleDraft(draft, keys, { choosesOem })).length > 0) return;
    setSaving(true);
    try {
      await onSubmit(toRuleInput(draft));
    } catch (cause) {
      // What was typed stays; the server's field errors go to their fields, the rest above the buttons.
      if (cause instanceof ApiError && cause.fieldErrors) setServerErrors(cause.fieldErrors);
      setSaveError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setSaving(false);
    }
  };

  const runTest = () => {
    setSubmitted(true);
    if (Object.keys(validateRuleDraft(draft, keys, { choosesOem })).length > 0) return;
    test.mutate(toRuleInput(draft));
  };

  const vehicle = draft.vehicleId
    ? pickedVehicle?.value === draft.vehicleId
      ? pickedVehicle
      : (savedVehicle.data ?? { value: draft.vehicleId, label: draft.vehicleId })
    : null;

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Rule">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Name"
            required
            value={draft.name}
            error={errors.name}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <TextInput
            label="Description"
            value={draft.description}
            error={errors.description}
            onChange={(e) => set('description', e.currentTarget.value)}
          />
        </SimpleGrid>

        <Title order={3} size="h5">
          What it watches
        </Title>
        <Group align="flex-end" gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="rule-kind-label">
              Device kind
            </Text>
            <SegmentedControl
              aria-labelledby="rule-kind-label"
              data={RULE_DEVICE_KINDS.map((k) => ({ value: k, label: k }))}
              value={draft.deviceKind}
              onChange={(v) =>
                setDraft((d) => ({
                  ...d,
                  deviceKind: v as RuleDeviceKind,
                  modelId: '',
                  commandCode: '',
                  conditions: d.conditions.map((c) => (c.kind === 'telemetry' ? { ...c, key: '' } : c)),
                  clearConditions: d.clearConditions.map((c) => (c.kind === 'telemetry' ? { ...c, key: '' } : c)),
                }))
              }
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="rule-scope-label">
              Scope
            </Text>
            <SegmentedControl
              aria-labelledby="rule-scope-label"
              data={wideScopes ? SCOPE_OPTIONS : SCOPE_OPTIONS.filter((o) => o.value === '3')}
              value={String(draft.scope)}
              onChange={(v) => set('scope', Number(v) as RuleDraft['scope'])}
            />
          </Stack>
          {choosesOem && draft.scope !== 3 ? (
            <Select
              label="OEM"
              data={(oems.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              value={draft.oemId || null}
              error={errors.oemId}
              w={220}
              onChange={(v) => setDraft((d) => ({ ...d, oemId: v ?? '', modelId: '' }))}
            />
          ) : null}
          {draft.scope === 2 ? (
            <Select
              label={`${draft.deviceKind} model`}
              placeholder="Choose a model"
              data={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
              value={draft.modelId || null}
              error={errors.modelId}
              searchable
              w={240}
              onChange={(v) => set('modelId', v ?? '')}
            />
          ) : null}
          {draft.scope === 3 ? (
            <Box w={320}>
              <VehiclePicker
                label="Vehicle"
                required={false}
                value={vehicle}
                error={errors.vehicleId}
                onChange={(v) => {
                  setPickedVehicle(v);
                  set('vehicleId', v?.value ?? '');
                }}
              />
            </Box>
          ) : null}
        </Group>

        <Divider />
        <Group justify="space-between" align="flex-end">
          <Title order={3} size="h5">
            Conditions
          </Title>
          <Group gap="xs">
            <Text size="sm" id="rule-operator-label">
              Fire when
            </Text>
            <SegmentedControl
              aria-labelledby="rule-operator-label"
              size="xs"
              data={[
                { value: '1', label: 'all hold (AND)' },
                { value: '2', label: 'any holds (OR)' },
              ]}
              value={String(draft.conditionOperator)}
              onChange={(v) => set('conditionOperator', Number(v) as 1 | 2)}
            />
          </Group>
        </Group>
        {errors.conditions ? (
          <Text size="sm" c="red.9" role="alert">
            {errors.conditions}
          </Text>
        ) : null}
        <ConditionList
          field="conditions"
          noun="Condition"
          conditions={draft.conditions}
          onChange={(next) => set('conditions', next)}
          keys={keys}
          faultCodes={faultCodes}
          errors={conditionErrors}
        />

        <Divider />
        <Title order={3} size="h5">
          Timing
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label="For at least (s)"
            description="Pending period: the conditions must hold this long"
            min={0}
            value={draft.pendingSeconds}
            error={errors.pendingSeconds}
            onChange={(v) => set('pendingSeconds', v === '' ? '' : Number(v))}
          />
          <NumberInput
            label="Cool-down (s)"
            description="At most one notification per vehicle in this time"
            min={0}
            value={draft.cooldownSeconds}
            error={errors.cooldownSeconds}
            onChange={(v) => set('cooldownSeconds', v === '' ? '' : Number(v))}
          />
          <NumberInput
            label="Remind every (s)"
            description="While still firing and not acknowledged; 0: never"
            min={0}
            value={draft.repeatSeconds}
            error={errors.repeatSeconds}
            onChange={(v) => set('repeatSeconds', v === '' ? '' : Number(v))}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Clear condition: without one, the rule clears when its conditions stop holding.
        </Text>
        <ConditionList
          field="clearConditions"
          noun="Clear condition"
          conditions={draft.clearConditions}
          onChange={(next) => set('clearConditions', next)}
          keys={keys}
          faultCodes={faultCodes}
          errors={conditionErrors}
        />

        <Divider />
        <Title order={3} size="h5">
          Severity and delivery
        </Title>
        <Group align="flex-start">
          <Select
            label="Severity"
            data={SEVERITY_OPTIONS}
            value={String(draft.severity)}
            allowDeselect={false}
            w={160}
            onChange={(v) => set('severity', Number(v))}
          />
          <Checkbox.Group
            label="Delivery methods"
            value={METHODS.filter((m) => (draft.deliveryMethods & m.bit) !== 0).map((m) => String(m.bit))}
            error={errors.deliveryMethods}
            onChange={(values) =>
              set(
                'deliveryMethods',
                values.reduce((acc, v) => acc | Number(v), 0),
              )
            }
          >
            <Group mt={8} gap="md">
              {METHODS.map((m) => (
                <Checkbox key={m.bit} value={String(m.bit)} label={m.label} />
              ))}
            </Group>
          </Checkbox.Group>
        </Group>
        {(draft.deliveryMethods & (2 | 4)) !== 0 ? (
          <Textarea
            label="Recipients"
            description="E-mail addresses (Email) and phone numbers (SMS), separated by commas or lines"
            autosize
            minRows={2}
            value={draft.recipients}
            error={errors.recipients}
            onChange={(e) => set('recipients', e.currentTarget.value)}
          />
        ) : null}
        {(draft.deliveryMethods & 8) !== 0 ? (
          <TextInput
            label="Web-hook URL"
            placeholder="https://example.com/hook"
            value={draft.webhookUrl}
            error={errors.webhookUrl}
            onChange={(e) => set('webhookUrl', e.currentTarget.value)}
          />
        ) : null}
        {(draft.deliveryMethods & 32) !== 0 ? (
          <Select
            label="Command"
            description={`From the ${draft.deviceKind} model's commands`}
            placeholder="Choose a command"
            data={commands.map((c) => ({ value: c.code, label: c.name }))}
            value={draft.commandCode || null}
            error={errors.commandCode}
            w={280}
            onChange={(v) => set('commandCode', v ?? '')}
          />
        ) : null}
        <Group>
          <Checkbox
            label="Open a ticket when it fires"
            checked={draft.openTicket}
            onChange={(e) => set('openTicket', e.currentTarget.checked)}
          />
          {editing ? null : (
            <Checkbox
              label="Enabled"
              checked={draft.enabled}
              onChange={(e) => set('enabled', e.currentTarget.checked)}
            />
          )}
        </Group>

        <TestResult result={test.data} error={test.error} />
        {saveError ? (
          <Alert color="red" role="alert" title="Could not save the rule">
            {saveError}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button variant="light" onClick={runTest} loading={test.isPending}>
            Test this rule
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save rule
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** When the rule would have fired over the last hour. */
function TestResult({ result, error }: { result: RuleTestResult | undefined; error: Error | null }) {
  if (error)
    return (
      <Alert color="red" role="alert" title="Could not test the rule">
        {error.message}
      </Alert>
    );
  if (!result) return null;
  const vehicles = new Set(result.firings.map((f) => f.vehicleId)).size;
  return (
    <Alert color={result.firings.length ? 'orange' : 'gray'} title="Test over the last hour" role="status">
      <Text size="sm">
        {result.firings.length === 0
          ? `It would not have fired (${result.vehicles} vehicle${result.vehicles === 1 ? '' : 's'} evaluated, ${formatDateTime(result.from)} to ${formatDateTime(result.to)}).`
          : `It would have fired ${result.firings.length} time${result.firings.length === 1 ? '' : 's'} on ${vehicles} of ${result.vehicles} vehicle${result.vehicles === 1 ? '' : 's'}.`}
        {result.truncated ? ' Only the first vehicles of the scope were evaluated.' : ''}
      </Text>
      {result.firings.length ? (
        <Table mt="xs" aria-label="Test firings" withRowBorders={false}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vehicle</Table.Th>
              <Table.Th>Would have fired</Table.Th>
              <Table.Th>Cleared</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.firings.slice(0, 10).map((f) => (
              <Table.Tr key={`${f.vehicleId}-${f.firedAt}`}>
                <Table.Td>{f.vehicleId}</Table.Td>
                <Table.Td>{formatDateTime(f.firedAt, true)}</Table.Td>
                <Table.Td>{f.clearedAt ? formatDateTime(f.clearedAt, true) : 'Still firing'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Alert>
  );
}
