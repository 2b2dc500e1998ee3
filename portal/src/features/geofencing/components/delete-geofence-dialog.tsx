import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import type { ApiGeofence } from '../api/geofence-types';

export interface DeleteGeofenceDialogProps {
  geofence: ApiGeofence | null;
  deleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a geofence is deleted: its alerts stop for every vehicle. */
export function DeleteGeofenceDialog({ geofence, deleting, error, onConfirm, onCancel }: DeleteGeofenceDialogProps) {
  return (
    <Modal opened={geofence !== null} onClose={onCancel} title="Delete geofence?" centered>
      <Text size="sm" mb="md">
        <b>{geofence?.name}</b> will be deleted and its vehicles stop raising enter, exit and dwell alerts for it. This
        cannot be undone.
      </Text>
      {error && (
        <Alert color="red" role="alert" mb="md" title="Not deleted">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={deleting}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
