import { describe, expect, test } from 'vitest';
import { parseVehicleCsv } from './parse-vehicle-csv';

const HEADER = 'vin,registrationNumber,modelId,connectivity,status,fleetId';

describe('parseVehicleCsv', () => {
  test('turns each valid line into a request body with its file line number', () => {
    const { rows, fileError } = parseVehicleCsv(`${HEADER}\nabcdefghjk1234567,KA01AB1234,mdl-ev-1,4G,0,flt-1\n`);
    expect(fileError).toBeNull();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.line).toBe(2);
    expect(rows[0]?.value).toEqual({
      vin: 'ABCDEFGHJK1234567',
      registrationNumber: 'KA01AB1234',
      modelId: 'mdl-ev-1',
      connectivity: '4G',
      status: 0,
      fleetId: 'flt-1',
    });
  });

  test('keeps a bad line with its field errors instead of dropping it', () => {
    const { rows } = parseVehicleCsv(`${HEADER}\nSHORT,KA01,mdl-ev-1,LoRa,,\nABCDEFGHJK1234567,KA02,mdl-ev-1,5G,,\n`);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.value).toBeNull();
    expect(rows[0]?.errors).toMatchObject({
      vin: 'The VIN has 17 letters and digits.',
      connectivity: 'Choose the connectivity.',
    });
    expect(rows[1]?.errors).toEqual({});
  });

  test('rejects a file without the required columns', () => {
    expect(parseVehicleCsv('vin,foo\nX,Y\n').fileError).toBe(
      'The file has no registrationNumber, modelId, connectivity columns.',
    );
  });

  test('marks a VIN that repeats an earlier line of the file', () => {
    const { rows } = parseVehicleCsv(
      `${HEADER}\nABCDEFGHJK1234567,KA01,mdl-ev-1,4G,,\nABCDEFGHJK1234567,KA02,mdl-ev-1,4G,,\n`,
    );
    expect(rows[0]?.errors).toEqual({});
    expect(rows[1]?.value).toBeNull();
    expect(rows[1]?.errors).toEqual({ vin: 'Repeats line 2.' });
  });

  test('with the EV models in scope, flags a model id that is not one of them', () => {
    const known = new Set(['mdl-ev-1']);
    const { rows } = parseVehicleCsv(
      `${HEADER}\nABCDEFGHJK1234567,KA01,mdl-ev-1,4G,,\nABCDEFGHJK1234568,KA02,mdl-bms-1,4G,,\n`,
      known,
    );
    expect(rows[0]?.errors).toEqual({});
    expect(rows[1]?.value).toBeNull();
    expect(rows[1]?.errors).toEqual({ modelId: 'No EV model you may use has this id.' });
    // without the list (not loaded yet) the server is left to check
    expect(parseVehicleCsv(`${HEADER}\nABCDEFGHJK1234568,KA02,mdl-bms-1,4G,,\n`).rows[0]?.errors).toEqual({});
  });
});
