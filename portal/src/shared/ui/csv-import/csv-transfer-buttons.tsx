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

/** A list header's Export CSV and Import CSV buttons, each shown only with its action bit. */
export function CsvTransferButtons({ canExport, canImport, exporting, onExport, onImport }: CsvTransferButtonsProps) {
  return (
    <>
      {canExport ? (
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={onExport}
          loading={exporting}
          data-demo-tour="export"
        >
          Export CSV
        </Button>
      ) : null}
      {canImport ? (
        <Button variant="default" leftSection={<IconUpload size={16} />} onClick={onImport}>
          Import CSV
        </Button>
      ) : null}
    </>
  );
}
