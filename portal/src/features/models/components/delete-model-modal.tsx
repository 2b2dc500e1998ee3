import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { toApiError } from '@/shared/api/api-client';
import { useDeleteModel } from '../api/delete-model';
import type { Model } from '../api/model-types';

export interface DeleteModelModalProps {
  model: Model;
  onClose: () => void;
  onDeleted: () => void;
}

/** Confirms before deleting; a model still used by vehicles or devices stays, with the reason shown. */
export function DeleteModelModal({ model, onClose, onDeleted }: DeleteModelModalProps) {
  const remove = useDeleteModel();
  const handleDelete = () => remove.mutate(model.id, { onSuccess: onDeleted });
  return (
    <Modal opened onClose={onClose} title="Delete model" centered>
      <Stack>
        <Text>
          Delete <strong>{model.name}</strong> ({model.code})? Its master data, commands, faults and telemetry template
          go with it. This cannot be undone.
        </Text>
        {remove.isError ? (
          <Alert color="red" title="The model was not deleted">
            {toApiError(remove.error).message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={handleDelete} loading={remove.isPending}>
            Delete model
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
