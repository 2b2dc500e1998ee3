import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import type { ApiVehicle } from './api/list-vehicles';
import type { AssignInput } from './api/vehicle-mutations';
import type { VehicleLookups } from './api/vehicle-lookups';

type Target = Exclude<AssignInput['target'], 'driver'>;

const TARGETS: {
  value: Target;
  label: string;
  field: 'fleetId' | 'dealerId' | 'evOwnerId';
  list: keyof VehicleLookups;
}[] = [
  { value: 'fleet', label: 'Fleet', field: 'fleetId', list: 'fleets' },
  { value: 'dealer', label: 'Service centre', field: 'dealerId', list: 'dealers' },
  { value: 'evOwner', label: 'EV owner', field: 'evOwnerId', list: 'evOwners' },
];

export interface AssignVehicleModalProps {
  vehicle: ApiVehicle | null;
  lookups: VehicleLookups | undefined;
  canAssign: boolean;
  canUnassign: boolean;
  onClose: () => void;
  onSubmit: (body: AssignInput) => Promise<unknown>;
}

/** Assigns a vehicle to a fleet, service centre or EV owner, or unassigns it from one. */
export function AssignVehicleModal(props: AssignVehicleModalProps) {
  const { vehicle, onClose } = props;
  return (
    <Modal opened={vehicle !== null} onClose={onClose} title={vehicle ? `Assign ${vehicle.vin}` : 'Assign'} centered>
      {vehicle ? <AssignForm {...props} vehicle={vehicle} /> : null}
    </Modal>
  );
}

function AssignForm({
  vehicle,
  lookups,
  canAssign,
  canUnassign,
  onClose,
  onSubmit,
}: AssignVehicleModalProps & { vehicle: ApiVehicle }) {
  const [target, setTarget] = useState<Target>('fleet');
  const def = TARGETS.find((t) => t.value === target) ?? (TARGETS[0] as (typeof TARGETS)[number]);
  const current = vehicle[def.field];
  const [targetId, setTargetId] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = lookups?.[def.list] ?? [];
  const currentName = options.find((o) => o.value === current)?.label ?? current;

  const send = async (id: string | null) => {
    if (id === '') {
      setError(`Choose a ${def.label.toLowerCase()}.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ target, targetId: id });
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <NativeSelect
        label="Assign to"
        value={target}
        data={TARGETS.map(({ value, label }) => ({ value, label }))}
        onChange={(e) => {
          const next = e.currentTarget.value as Target;
          setTarget(next);
          setTargetId(vehicle[TARGETS.find((t) => t.value === next)?.field ?? 'fleetId'] ?? '');
        }}
      />
      <Text size="sm" c="dimmed">
        Currently: {current ? currentName : 'none'}
      </Text>
      {canAssign ? (
        <NativeSelect
          label={def.label}
          value={targetId}
          data={[{ value: '', label: `Choose a ${def.label.toLowerCase()}` }, ...options]}
          onChange={(e) => setTargetId(e.currentTarget.value)}
        />
      ) : null}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        {canUnassign && current ? (
          <Button variant="light" color="red" loading={busy} onClick={() => send(null)}>
            Unassign
          </Button>
        ) : null}
        {canAssign ? (
          <Button loading={busy} onClick={() => send(targetId)}>
            Assign
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
