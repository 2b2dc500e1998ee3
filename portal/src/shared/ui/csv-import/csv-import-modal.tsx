import { Alert, Badge, Box, Button, Group, Modal, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import Papa from 'papaparse';
import { type DragEvent, useId, useState } from 'react';
import { downloadCsv } from '@/shared/ui/data-table/download-csv';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { type CsvImportConfig, countOf, describeRowErrors, type ImportRow, parseImportCsv } from './parse-import-csv';

/** Rows per request: well under the server's 500, so the progress bar moves on files of a few hundred lines. */
export const IMPORT_BATCH_SIZE = 100;

/** The answer of an import endpoint: what it created and the rows it refused (`row` = index in the batch). */
export interface ImportAnswer {
  created: unknown[];
  errors: { row: number; fieldErrors: Record<string, string> }[];
}

export interface CsvImportModalProps<TInput> {
  /** The kind of row: columns, validation, preview and wording. */
  config: CsvImportConfig<TInput>;
  opened: boolean;
  onClose: () => void;
  /** Sends one batch; its answer's `row` indexes are positions in the batch. */
  importBatch: (rows: TInput[]) => Promise<ImportAnswer>;
  /** Called once after an import that created at least one row. */
  onImported: (created: number) => void;
}

type Phase = 'pick' | 'preview' | 'importing' | 'done';

const hasErrors = (r: { errors: Record<string, string> }) => Object.keys(r.errors).length > 0;

/** Bulk import from CSV: pick or drop a file, preview with row errors, import valid rows in batches with progress. */
export function CsvImportModal<TInput>({ opened, onClose, ...flow }: CsvImportModalProps<TInput>) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Import ${flow.config.noun.other} from CSV`} size="xl" centered>
      {opened ? <ImportFlow onClose={onClose} {...flow} /> : null}
    </Modal>
  );
}

function ImportFlow<TInput>({ config, onClose, importBatch, onImported }: Omit<CsvImportModalProps<TInput>, 'opened'>) {
  const inputId = useId();
  const [phase, setPhase] = useState<Phase>('pick');
  const [fileName, setFileName] = useState<string | null>(null);
  const [rows, setRows] = useState<ImportRow<TInput>[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [imported, setImported] = useState(0);
  const [dragging, setDragging] = useState(false);

  const valid = rows.filter((r) => r.value !== null && !hasErrors(r));
  const invalid = rows.length - valid.length;

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    try {
      const parsed = parseImportCsv(await file.text(), config);
      setRows(parsed.rows);
      setFileError(parsed.fileError);
      setPhase(parsed.fileError ? 'pick' : 'preview');
    } catch (cause) {
      setFileError(`Could not read ${file.name}: ${errorMessage(cause)}`);
    }
  };

  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void handleFile(event.dataTransfer.files[0]);
  };

  const handleImport = async () => {
    setPhase('importing');
    setProgress(0);
    const next = rows.map((r) => ({ ...r, errors: { ...r.errors } }));
    const todo = next.filter((r) => r.value !== null && !hasErrors(r));
    let created = 0;
    for (let start = 0; start < todo.length; start += IMPORT_BATCH_SIZE) {
      const batch = todo.slice(start, start + IMPORT_BATCH_SIZE);
      try {
        const answer = await importBatch(batch.map((r) => r.value as TInput));
        created += answer.created.length;
        for (const { row, fieldErrors } of answer.errors) {
          const target = batch[row];
          if (target) target.errors = { ...fieldErrors };
        }
      } catch (cause) {
        // A failed batch marks its rows, so they stay in the list to fix and retry; later batches still go.
        for (const r of batch) r.errors = { row: errorMessage(cause) };
      }
      setProgress(Math.round(((start + batch.length) / todo.length) * 100));
      setRows([...next]);
    }
    setImported(created);
    setPhase('done');
    if (created > 0) onImported(created);
  };

  const handleDownloadErrors = () => {
    const failed = rows.filter(hasErrors);
    const csv = Papa.unparse(
      failed.map((r) => ({
        ...r.cells,
        errors: describeRowErrors(r.errors, config, '; '),
      })),
    );
    downloadCsv(config.errorFileName, csv);
  };

  const failedAfterImport = rows.filter(hasErrors).length;

  return (
    <Stack gap="md">
      {phase === 'pick' || phase === 'preview' ? (
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={handleDrop}
          p="md"
          style={{
            border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-4'})`,
            borderRadius: 8,
            textAlign: 'center',
          }}
        >
          <Stack gap={6} align="center">
            <IconFileUpload size={28} aria-hidden />
            <Text size="sm">
              Drop a CSV file here or{' '}
              <Text component="label" htmlFor={inputId} c="blue" td="underline" style={{ cursor: 'pointer' }} inherit>
                choose a file
              </Text>
            </Text>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file"
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
              onChange={(e) => void handleFile(e.currentTarget.files?.[0])}
            />
            <Text size="xs" c="dimmed">
              {config.columnsHint} An export of this list is a valid import file.
            </Text>
            {fileName ? <Text size="xs">File: {fileName}</Text> : null}
          </Stack>
        </Box>
      ) : null}

      {fileError ? (
        <Alert color="red" role="alert">
          {fileError}
        </Alert>
      ) : null}

      {rows.length > 0 ? (
        <>
          <Group gap="xs">
            <Badge color="teal" variant="light">
              {valid.length} ready
            </Badge>
            {invalid > 0 ? (
              <Badge color="red" variant="light">
                {invalid} with errors
              </Badge>
            ) : null}
          </Group>
          <ScrollArea.Autosize mah={320}>
            <Table aria-label="Import preview" striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  {config.previewColumns.map((c) => (
                    <Table.Th key={c.key}>{c.label}</Table.Th>
                  ))}
                  <Table.Th>Result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => {
                  const messages = Object.keys(r.errors);
                  return (
                    <Table.Tr key={r.line} bg={messages.length > 0 ? 'var(--mantine-color-red-light)' : undefined}>
                      <Table.Td>{r.line}</Table.Td>
                      {config.previewColumns.map((c) => (
                        <Table.Td key={c.key}>{r.cells[c.key]}</Table.Td>
                      ))}
                      <Table.Td>
                        {messages.length > 0 ? (
                          <Text size="xs" c="red">
                            {describeRowErrors(r.errors, config)}
                          </Text>
                        ) : (
                          <Text size="xs" c="teal">
                            {phase === 'done' ? 'Imported' : 'OK'}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      ) : null}

      {phase === 'importing' || phase === 'done' ? (
        <Progress value={progress} size="lg" aria-label="Import progress" animated={phase === 'importing'} />
      ) : null}
      {phase === 'done' ? (
        <Alert color={failedAfterImport > 0 ? 'yellow' : 'teal'} role="status">
          Imported {imported} of {countOf(config, rows.length)}.
          {failedAfterImport > 0 ? ` ${failedAfterImport} rows need fixing; they are listed above.` : ''}
        </Alert>
      ) : null}

      <Group justify="flex-end">
        {phase === 'done' && failedAfterImport > 0 ? (
          <Button variant="default" onClick={handleDownloadErrors}>
            Download rows with errors
          </Button>
        ) : null}
        <Button variant="default" onClick={onClose}>
          {phase === 'done' ? 'Close' : 'Cancel'}
        </Button>
        {phase === 'preview' || phase === 'importing' ? (
          <Button onClick={handleImport} disabled={valid.length === 0} loading={phase === 'importing'}>
            Import {countOf(config, valid.length)}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
