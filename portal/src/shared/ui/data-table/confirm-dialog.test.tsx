import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

interface Key {
  name: string;
}

/** A caller as the settings sections are: the row asked about is cleared as the dialog closes. */
function RevokeKey() {
  const [target, setTarget] = useState<Key | null>(null);
  return (
    <>
      <button type="button" onClick={() => setTarget({ name: 'Fleet import' })}>
        Revoke Fleet import
      </button>
      <ConfirmDialog
        opened={target !== null}
        title="Revoke API key"
        message={`Revoke ${target?.name ?? ''}? This cannot be undone.`}
        confirmLabel="Revoke key"
        onConfirm={() => setTarget(null)}
        onClose={() => setTarget(null)}
      />
    </>
  );
}

test('a closing dialog keeps the words it was opened with while it fades out, then goes', async () => {
  // Transitions on (no `env="test"`), as in the browser: the modal stays in the page while it fades out.
  render(
    <MantineProvider>
      <RevokeKey />
    </MantineProvider>,
  );
  screen.getByRole('button', { name: 'Revoke Fleet import' }).click();
  expect(await screen.findByText('Revoke Fleet import? This cannot be undone.')).toBeInTheDocument();

  screen.getByRole('button', { name: 'Revoke key' }).click();
  // Fading out: the question still names the key, never "Revoke ?".
  await waitFor(() => expect(document.querySelector('.mantine-Modal-content')).not.toBeNull());
  expect(screen.queryByText('Revoke ? This cannot be undone.')).not.toBeInTheDocument();
  expect(screen.getByText('Revoke Fleet import? This cannot be undone.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText(/This cannot be undone/)).not.toBeInTheDocument());
});
