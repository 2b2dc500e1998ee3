import { Alert, Button, Checkbox, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { PolygonGeometry } from '@/domain/geometry';
import {
  DELIVERY_METHOD,
  DELIVERY_METHOD_OPTIONS,
  flagsOf,
  GEOFENCE_RULE,
  type GeofenceDraft,
  type GeofenceRule,
  type GeofenceValue,
  toGeofenceValue,
  validateGeofence,
} from './geofence-rules';

export interface GeofenceFormProps {
  /** The shape drawn on the map, or null when there is none. */
  geometry: PolygonGeometry | null;
  initialValue?: GeofenceValue;
  onSubmit: (value: GeofenceValue) => void | Promise<void>;
  submitLabel?: string;
  /** More fields kept by the caller (e.g. assigned vehicles), shown above the delivery methods. */
  extraFields?: ReactNode;
}

const RULE_OPTIONS = [
  { value: GEOFENCE_RULE.Enter, label: 'Enter' },
  { value: GEOFENCE_RULE.Exit, label: 'Exit' },
  { value: GEOFENCE_RULE.Dwell, label: 'Dwell' },
];

/** The fields of a geofence beside its map: name, rule, dwell minutes, delivery methods; validates on submit. */
export function GeofenceForm({
  geometry,
  initialValue,
  onSubmit,
  submitLabel = 'Save geofence',
  extraFields,
}: GeofenceFormProps) {
  const [name, setName] = useState(initialValue?.name ?? '');
  const [rule, setRule] = useState<GeofenceRule>(initialValue?.rule ?? GEOFENCE_RULE.Enter);
  const [dwellMinutes, setDwellMinutes] = useState<number | ''>(initialValue?.dwellMinutes ?? 10);
  const [deliveryMethods, setDeliveryMethods] = useState(initialValue?.deliveryMethods ?? DELIVERY_METHOD.WebAlert);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const draft: GeofenceDraft = { name, rule, dwellMinutes, deliveryMethods, geometry };
  const errors = validateGeofence(draft);
  // Field errors appear after the first submit; a broken shape is shown as soon as it is drawn.
  const shown = submitted ? errors : geometry ? { geometry: errors.geometry } : {};

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSaveError(null);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await onSubmit(toGeofenceValue(draft));
    } catch (cause) {
      setSaveError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Geofence">
      <Stack gap="md">
        {shown.geometry ? (
          <Alert color="red" role="alert" title="Shape" p="xs">
            {shown.geometry}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {geometry ? 'Shape drawn. Use Edit to move its points.' : 'Choose a tool above the map and draw the area.'}
          </Text>
        )}
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={shown.name}
          maxLength={120}
        />
        <div>
          <Text component="label" size="sm" fw={500} id="geofence-rule-label">
            Rule
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="geofence-rule-label"
            data={RULE_OPTIONS}
            value={rule}
            onChange={(value) => setRule(value as GeofenceRule)}
          />
        </div>
        {rule === GEOFENCE_RULE.Dwell && (
          <NumberInput
            label="Dwell minutes"
            min={1}
            max={1440}
            allowDecimal={false}
            value={dwellMinutes}
            onChange={(value) => setDwellMinutes(typeof value === 'number' ? value : value === '' ? '' : Number(value))}
            error={shown.dwellMinutes}
          />
        )}
        {extraFields}
        <Checkbox.Group
          label="Delivery methods"
          value={flagsOf(deliveryMethods).map(String)}
          onChange={(values) => setDeliveryMethods(values.reduce((mask, value) => mask | Number(value), 0))}
          error={shown.deliveryMethods}
        >
          <Group gap="sm" mt={6}>
            {DELIVERY_METHOD_OPTIONS.map((option) => (
              <Checkbox key={option.flag} value={String(option.flag)} label={option.label} />
            ))}
          </Group>
        </Checkbox.Group>
        {saveError && (
          <Alert color="red" role="alert" title="Not saved" p="xs">
            {saveError}
          </Alert>
        )}
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
