import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '@/shared/api/api-error';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { type OrganisationVehicle, useAssignableVehicles } from '../api/organisations-api';
import { KIND_INFO, type OrganisationKind } from '../lib/organisation-kinds';

export interface AssignVehiclesModalProps {
  kind: OrganisationKind;
  id: string;
  name: string;
  onClose: () => void;
  onAssign: (vehicleIds: string[]) => Promise<unknown>;
}

/** Where a candidate is now, so the user knows what the assignment changes. */
function placeOf(v: OrganisationVehicle, kind: OrganisationKind): string {
  const parts = [v.modelName];
  if (kind === 'dealer') parts.push(v.dealerName ? `now with ${v.dealerName}` : 'no service centre');
  if (kind === 'driver') parts.push(v.driverName ? `driven by ${v.driverName}` : 'no driver');
  return parts.join(' · ');
}

/**
 * Picks vehicles for a service centre, fleet, EV owner or driver, from the vehicles the server
 * says may be assigned (decision 0078), searched by VIN or registration.
 */
export function AssignVehiclesModal({ kind, id, name, onClose, onAssign }: AssignVehiclesModalProps) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const candidates = useAssignableVehicles(kind, id, term);
  const items = candidates.data?.items ?? [];

  const toggle = (vehicleId: string, on: boolean) =>
    setChosen((now) => (on ? [...now, vehicleId] : now.filter((x) => x !== vehicleId)));

  const assign = async () => {
    if (chosen.length === 0) {
      setError('Choose at least one vehicle.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onAssign(chosen);
    } catch (e) {
      setError(e instanceof ApiError && e.fieldErrors?.vehicleIds ? e.fieldErrors.vehicleIds : errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const label = (v: OrganisationVehicle) => (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {v.registrationNumber}{' '}
        <Text span size="xs" c="dimmed">
          {v.vin}
        </Text>
      </Text>
      <Text size="xs" c="dimmed">
        {placeOf(v, kind)}
      </Text>
    </Stack>
  );

  return (
    <Modal opened onClose={onClose} title={`Assign vehicles to ${name}`} size="lg" centered>
      <Stack gap="sm">
        <TextInput
          label="Search vehicles"
          description="By registration or VIN"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {candidates.isError ? (
          <Alert color="red" role="alert" title="The vehicles could not be loaded">
            {errorMessage(candidates.error)}
          </Alert>
        ) : candidates.isPending ? (
          <Text size="sm" c="dimmed">
            Loading vehicles…
          </Text>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {term
              ? `No vehicle matching “${term}” may be assigned to this ${KIND_INFO[kind].noun}.`
              : `No vehicle in your scope may be assigned to this ${KIND_INFO[kind].noun} now.`}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={320}>
            <Stack gap="xs" role="group" aria-label="Vehicles that may be assigned">
              {items.map((v) => (
                <Checkbox
                  key={v.id}
                  checked={chosen.includes(v.id)}
                  onChange={(e) => toggle(v.id, e.currentTarget.checked)}
                  label={label(v)}
                  aria-label={v.registrationNumber}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {candidates.data && candidates.data.total > items.length ? (
          <Text size="xs" c="dimmed">
            Showing {items.length} of {candidates.data.total}; search to find others.
          </Text>
        ) : null}
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {chosen.length} chosen
          </Text>
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={assign} loading={busy}>
              Assign
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
