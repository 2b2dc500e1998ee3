import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@/shared/api/api-error';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import type { ApiDevice, DeviceKind } from './api/device-api';
import type { VehicleOption } from '@/shared/api/vehicle-search';
import { VehiclePicker } from '@/shared/ui/vehicle-picker';

export interface FitVehicleModalProps {
  kind: DeviceKind;
  /** The device to fit; the dialog is open while it is set. */
  device: ApiDevice | null;
  /** Whether to offer Unfit for a fitted device (the Unassign bit). */
  canUnfit: boolean;
  onClose: () => void;
  /** Fits to the chosen vehicle, or unfits with null; rejects with the server's error. */
  onSubmit: (vehicle: VehicleOption | null) => Promise<unknown>;
}

/** Fit a device to a vehicle picked by searching VIN or registration, or unfit it; field and server errors shown. */
export function FitVehicleModal({ device, onClose, ...rest }: FitVehicleModalProps) {
  return (
    <Modal
      opened={device !== null}
      onClose={onClose}
      title={device ? `Fit ${device.serialNumber} to a vehicle` : 'Fit to a vehicle'}
      centered
    >
      {device ? <FitVehicleForm device={device} onClose={onClose} {...rest} /> : null}
    </Modal>
  );
}

function FitVehicleForm({ kind, device, canUnfit, onClose, onSubmit }: FitVehicleModalProps & { device: ApiDevice }) {
  const [vehicle, setVehicle] = useState<VehicleOption | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'fit' | 'unfit' | null>(null);

  const send = async (target: VehicleOption | null) => {
    setFormError(null);
    setBusy(target ? 'fit' : 'unfit');
    try {
      await onSubmit(target);
    } catch (error) {
      const onField = error instanceof ApiError ? error.fieldErrors?.vehicleId : undefined;
      if (onField) setFieldError(onField);
      else setFormError(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!vehicle) {
      setFieldError('Choose a vehicle.');
      return;
    }
    setFieldError(null);
    void send(vehicle);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {device.vehicleId
            ? `Now fitted to ${device.vehicleId}. Fitting it elsewhere unfits it there.`
            : `Not fitted. The vehicle's current ${kind} is unfitted when this one is fitted.`}
        </Text>
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <VehiclePicker
          label="Vehicle"
          value={vehicle}
          onChange={(next) => {
            setVehicle(next);
            if (next) setFieldError(null);
          }}
          error={fieldError}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {device.vehicleId && canUnfit ? (
            <Button variant="light" color="red" loading={busy === 'unfit'} onClick={() => void send(null)}>
              Unfit
            </Button>
          ) : null}
          <Button type="submit" loading={busy === 'fit'}>
            Fit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
