import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';

export interface StepActionsProps {
  /** Shown on steps after the first. */
  onBack?: () => void;
  /** Validates and saves without moving on. */
  onSaveDraft: () => void;
  isLast: boolean;
  /** A published model saves in place: there is no draft of it. */
  published: boolean;
  saving: boolean;
}

/** Back, Save as draft and Next step (Finish on the last step); Next is the form's submit button. */
export function StepActions({ onBack, onSaveDraft, isLast, published, saving }: StepActionsProps) {
  return (
    <Group justify="space-between" mt="xl">
      {onBack ? (
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack} disabled={saving}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <Group gap="xs">
        <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={onSaveDraft} loading={saving}>
          {published ? 'Save' : 'Save as draft'}
        </Button>
        <Button
          type="submit"
          rightSection={isLast ? <IconCheck size={16} /> : <IconArrowRight size={16} />}
          loading={saving}
        >
          {isLast ? (published ? 'Save and finish' : 'Finish and publish') : 'Next step'}
        </Button>
      </Group>
    </Group>
  );
}
