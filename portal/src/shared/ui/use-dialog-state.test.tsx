import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, expect, test } from 'vitest';
import { useDialogState, useReturnFocus } from './use-dialog-state';

afterEach(cleanup);

function Page() {
  const [dialog, setDialog] = useDialogState<{ kind: 'add' | 'edit' }>();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setDialog({ kind: 'add' })}>
        Add vehicle
      </button>
      <button type="button" aria-controls="row-menu" onClick={() => setMenuOpen(true)}>
        Actions for VIN1
      </button>
      {menuOpen ? (
        <div role="menu" id="row-menu">
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setDialog({ kind: 'edit' });
              setMenuOpen(false);
            }}
          >
            Edit
          </button>
        </div>
      ) : null}
      {dialog ? (
        <div role="dialog" aria-label={dialog.kind}>
          {/* biome-ignore lint/a11y/noAutofocus: a dialog moves focus into itself */}
          <input aria-label="Name" autoFocus />
          <button type="button" onClick={() => setDialog(null)}>
            Cancel
          </button>
        </div>
      ) : null}
    </>
  );
}

test('closing a dialog gives focus back to the button that opened it', async () => {
  render(<Page />);
  await userEvent.click(screen.getByRole('button', { name: 'Add vehicle' }));
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add vehicle' })).toHaveFocus());
});

test("a dialog opened from a menu item gives focus back to the menu's button, as the item is gone", async () => {
  render(<Page />);
  await userEvent.click(screen.getByRole('button', { name: 'Actions for VIN1' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
  expect(screen.getByRole('dialog', { name: 'edit' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for VIN1' })).toHaveFocus());
});

function UrlDrivenPage() {
  const [open, setOpen] = useState(false);
  useReturnFocus(open);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        TCK-1001
      </button>
      {open ? (
        <div role="dialog" aria-label="Ticket">
          <button type="button" onClick={() => setOpen(false)}>
            Close panel
          </button>
        </div>
      ) : null}
    </>
  );
}

test('a dialog whose open state lives elsewhere (the URL) also gives focus back when it closes', async () => {
  render(<UrlDrivenPage />);
  await userEvent.click(screen.getByRole('button', { name: 'TCK-1001' }));
  screen.getByRole('button', { name: 'Close panel' }).focus();
  await userEvent.click(screen.getByRole('button', { name: 'Close panel' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'TCK-1001' })).toHaveFocus());
});
