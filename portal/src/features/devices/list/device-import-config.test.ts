import { describe, expect, test } from 'vitest';
import { parseImportCsv } from '@/shared/ui/csv-import/parse-import-csv';
import { deviceImportConfig } from './device-import-config';

const HEADER = 'serialNumber,modelId,firmwareVersion';
const parse = (lines: string[], models?: string[]) =>
  parseImportCsv([HEADER, ...lines].join('\n'), deviceImportConfig('BMS', models ? new Set(models) : undefined));

describe('deviceImportConfig', () => {
  test('turns a valid line into an import row with trimmed values', () => {
    const { rows, fileError } = parse([' BMS-1 , mdl-bms-001 , 1.0.0 ']);
    expect(fileError).toBeNull();
    expect(rows[0]).toMatchObject({
      line: 2,
      value: { serialNumber: 'BMS-1', modelId: 'mdl-bms-001', firmwareVersion: '1.0.0' },
      errors: {},
    });
  });

  test('marks a serial number with spaces or symbols', () => {
    const { rows } = parse(['BAD SERIAL!,mdl-bms-001,1.0.0']);
    expect(rows[0]?.value).toBeNull();
    expect(rows[0]?.errors).toEqual({ serialNumber: 'Use letters, digits and - _ . / only.' });
  });

  test('marks a model that is not one of the kind once the models are known', () => {
    const { rows } = parse(['BMS-1,mdl-mcu-001,1.0.0', 'BMS-2,mdl-bms-001,1.0.0'], ['mdl-bms-001']);
    expect(rows[0]?.errors).toEqual({ modelId: 'No BMS model has this id.' });
    expect(rows[1]?.errors).toEqual({});
  });

  test('marks a serial number that repeats an earlier line', () => {
    const { rows } = parse(['BMS-1,mdl-bms-001,1.0.0', 'BMS-1,mdl-bms-001,2.0.0']);
    expect(rows[1]?.errors).toEqual({ serialNumber: 'Repeats line 2.' });
  });

  test('rejects a file without the required columns', () => {
    expect(parseImportCsv('serialNumber\nX\n', deviceImportConfig('MCU')).fileError).toBe(
      'The file has no modelId, firmwareVersion columns.',
    );
  });
});
