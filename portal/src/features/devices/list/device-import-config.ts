import { type CsvImportConfig, issuesToRowErrors } from '@/shared/ui/csv-import/parse-import-csv';
import type { DeviceImportRow, DeviceKind } from './api/device-api';
import { deviceFormSchema } from './device-form-modal';

/**
 * The CSV import of one device kind's master list. With `knownModelIds` (the kind's models, once loaded) the preview
 * already flags a model id of another kind or a typo; the server re-checks it and the serial numbers in use.
 */
export function deviceImportConfig(
  kind: DeviceKind,
  knownModelIds?: ReadonlySet<string>,
): CsvImportConfig<DeviceImportRow> {
  return {
    noun: { one: `${kind} device`, other: `${kind} devices` },
    requiredColumns: ['serialNumber', 'modelId', 'firmwareVersion'],
    columnsHint: `Columns: serialNumber, modelId (a ${kind} model), firmwareVersion. Devices are added unfitted.`,
    previewColumns: [
      { key: 'serialNumber', label: 'Serial number' },
      { key: 'modelId', label: 'Model' },
      { key: 'firmwareVersion', label: 'Firmware' },
    ],
    uniqueColumn: 'serialNumber',
    errorFileName: `${kind.toLowerCase()}-devices-with-errors.csv`,
    validate: (cells) => {
      const parsed = deviceFormSchema.safeParse({
        serialNumber: cells.serialNumber ?? '',
        modelId: cells.modelId?.trim() ?? '',
        firmwareVersion: cells.firmwareVersion ?? '',
      });
      const errors = parsed.success ? {} : issuesToRowErrors(parsed.error.issues);
      const modelId = cells.modelId?.trim();
      if (modelId && knownModelIds && !knownModelIds.has(modelId)) errors.modelId ??= `No ${kind} model has this id.`;
      if (!parsed.success || Object.keys(errors).length > 0) return { value: null, errors };
      return { value: parsed.data, errors: {} };
    },
  };
}
