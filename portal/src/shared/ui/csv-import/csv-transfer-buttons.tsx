import { Button } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';

export interface CsvTransferButtonsProps {
  /** The Export action bit of the list's permission key. */
  canExport: boolean;
  /** The Import action bit of the list's permission key. */
  canImport: boolean;
  exporting: boolean;
  onExport: () => void;
  onImport: () => void;
}

export interface ExportCsvButtonProps {
  exporting: boolean;
  onExport: () => void;
  /** What the export holds when it is not the whole list ("Exports up to 10,000 matching entries"). */
  title?: string;
}

/** A list header's Export CSV button: the one look, busy while the file is made, and a stop of the demo tour. */
export function ExportCsvButton({ exporting, onExport, title }: ExportCsvButtonProps) {
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      onClick={onExport}
      loading={exporting}
      title={title}
      data-demo-tour="export"
    >
      Export CSV
    </Button>
  );
}

/** A list header's Export CSV and Import CSV buttons, each shown only with its action bit. */
export function CsvTransferButtons({ canExport, canImport, exporting, onExport, onImport }: CsvTransferButtonsProps) {
  return (
    <>
      {canExport ? <ExportCsvButton exporting={exporting} onExport={onExport} /> : null}
      {canImport ? (
        <Button variant="default" leftSection={<IconUpload size={16} />} onClick={onImport}>
          Import CSV
        </Button>
      ) : null}
    </>
  );
}
