import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/** Clicks Export CSV and returns the lines of the CSV the page handed to the browser's download. */
export async function exportedCsvLines(doneMessage: string): Promise<string[]> {
  const createUrl = vi.fn((_blob: Blob) => 'blob:export');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }));
  try {
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await screen.findByText(doneMessage);
    const blob = createUrl.mock.calls[0]?.[0];
    if (!blob) throw new Error('no CSV was downloaded');
    return (await blob.text()).trim().split(/\r?\n/);
  } finally {
    vi.unstubAllGlobals();
  }
}

/** Opens Import CSV, uploads `lines` as a file and returns the dialog and its preview table. */
export async function uploadImport(dialogName: string, lines: string[]) {
  await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  const file = new File([lines.join('\n')], 'import.csv', { type: 'text/csv' });
  await userEvent.upload(within(dialog).getByLabelText('CSV file'), file);
  const preview = await within(dialog).findByRole('table', { name: 'Import preview' });
  return { dialog, preview };
}

/** Opens "Fit to vehicle" on a row, types `search` into the vehicle picker and picks the option `label`. */
export async function pickVehicleFor(serialNumber: string, search: string, label: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${serialNumber}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Fit to vehicle' }));
  const dialog = await screen.findByRole('dialog', { name: `Fit ${serialNumber} to a vehicle` });
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Vehicle/ }), search);
  await userEvent.click(await screen.findByRole('option', { name: label }));
  return dialog;
}
