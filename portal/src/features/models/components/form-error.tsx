import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A form-level error (what no field can show), or nothing. */
export function FormError({ message, title = 'The step was not saved' }: { message: string | null; title?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title} mb="md">
      {message}
    </Alert>
  );
}
