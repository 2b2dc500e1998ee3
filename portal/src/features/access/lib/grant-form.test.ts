import { expect, test } from 'vitest';
import { type GrantFormValues, validateGrant } from './grant-form';

const NOW = new Date(2026, 10, 25, 12, 0, 0);
const VALID: GrantFormValues = {
  target: 'deviceKind',
  kind: 'mcu',
  targetId: '',
  roleCode: 'BMSA',
  granteeId: 'usr-bmsa',
  expiresOn: '',
  note: '',
};

test('a device-kind grant needs no target, and is of BMS, MCU or VCU only', () => {
  expect(validateGrant(VALID, NOW)).toEqual({});
  expect(validateGrant({ ...VALID, kind: 'ev' }, NOW)).toEqual({
    kind: 'Choose BMS, MCU or VCU: a device-kind grant opens one kind of device.',
  });
});

test('a vehicle grant names its vehicle, a role, a grantee and an expiry from today on', () => {
  expect(
    validateGrant(
      { ...VALID, target: 'vehicle', kind: 'ev', roleCode: '', granteeId: '', expiresOn: '2026-11-24' },
      NOW,
    ),
  ).toEqual({
    targetId: 'Choose the vehicle.',
    roleCode: 'Choose the role the grantee gets.',
    granteeId: 'Choose who gets access.',
    expiresOn: 'Choose today or a later day, or none.',
  });
});
