import { describe, expect, test } from 'vitest';
import { describeRowErrors } from './parse-import-csv';

describe('describeRowErrors', () => {
  const config = {
    previewColumns: [
      { key: 'vin', label: 'VIN' },
      { key: 'modelId', label: 'Model' },
    ],
    fieldLabels: { fleetId: 'Fleet' },
  };

  test('names each field as the form does, and a whole-line error without a name', () => {
    expect(
      describeRowErrors(
        { vin: 'The VIN has 17 letters and digits.', fleetId: 'No such fleet.', row: 'Refused.' },
        config,
      ),
    ).toBe('VIN: The VIN has 17 letters and digits. Fleet: No such fleet. Refused.');
  });

  test('falls back to the column name for a field it has no label for', () => {
    expect(describeRowErrors({ extra: 'Odd.' }, config, '; ')).toBe('extra: Odd.');
  });
});
