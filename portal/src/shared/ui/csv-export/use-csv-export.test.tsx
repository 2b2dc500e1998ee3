import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AppToaster } from '@/shared/ui/app-toaster';
import { ExportCsvButton } from '@/shared/ui/csv-import/csv-transfer-buttons';
import { type CsvFile, cappedCsvFile, describeCappedExport, useCsvExport } from './use-csv-export';

afterEach(() => vi.unstubAllGlobals());

// Toasts outlive a test (sonner keeps one store), so each test exports its own subject.
function ExportPage({ subject, makeFile }: { subject: string; makeFile: () => Promise<CsvFile | null> }) {
  const csvExport = useCsvExport(subject, makeFile);
  return (
    <>
      <ExportCsvButton {...csvExport} />
      <AppToaster />
    </>
  );
}

function stubDownload() {
  const createUrl = vi.fn((_blob: Blob) => 'blob:export');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }));
  return createUrl;
}

describe('useCsvExport', () => {
  test('downloads the file it makes and says what the file holds', async () => {
    const createUrl = stubDownload();
    const file = cappedCsvFile({
      fileName: 'audit-log.csv',
      columns: ['seq', 'summary'],
      rows: [{ seq: 1, summary: 'Added, a vehicle' }],
      total: 1,
      noun: 'entries',
    });
    renderWithProviders(<ExportPage subject="the audit log" makeFile={() => file} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported the audit log')).toBeInTheDocument();
    expect(screen.getByText('audit-log.csv holds all 1 matching entries.')).toBeInTheDocument();
    const blob = createUrl.mock.calls[0]?.[0];
    expect((await blob?.text())?.trim().split(/\r?\n/)).toEqual(['seq,summary', '1,"Added, a vehicle"']);
  });

  test('says why no file was made when making it fails', async () => {
    const createUrl = stubDownload();
    renderWithProviders(
      <ExportPage subject="the tickets" makeFile={() => Promise.reject(new Error('The server is down.'))} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Could not export the tickets')).toBeInTheDocument();
    expect(screen.getByText('The server is down.')).toBeInTheDocument();
    expect(createUrl).not.toHaveBeenCalled();
  });

  test('downloads nothing and says nothing when there is nothing to export yet', async () => {
    const createUrl = stubDownload();
    const makeFile = vi.fn(async () => null);
    renderWithProviders(<ExportPage subject="the users" makeFile={makeFile} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(makeFile).toHaveBeenCalledTimes(1);
    expect(createUrl).not.toHaveBeenCalled();
    expect(screen.queryByText(/the users/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});

describe('describeCappedExport', () => {
  test('says which rows a capped file holds, and what to do for the rest', () => {
    expect(
      describeCappedExport({
        fileName: 'hardware-log.csv',
        exported: 2,
        total: 5,
        noun: 'messages',
        rest: '; narrow the range for the rest',
      }),
    ).toBe('hardware-log.csv holds the newest 2 of 5 matching messages; narrow the range for the rest.');
    expect(describeCappedExport({ fileName: 't.csv', exported: 2, total: 5, noun: 'tickets', which: '' })).toBe(
      't.csv holds 2 of 5 matching tickets.',
    );
  });
});
