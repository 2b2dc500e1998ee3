import { expect, test } from 'vitest';
import { brightness, contrastText, DEFAULT_CONFIG, readMessengerConfig } from './messenger-config';

test('uses the spec defaults when the config is empty', () => {
  expect(readMessengerConfig({})).toEqual({
    color: '#485BFF',
    headerColor: '#485BFF',
    buttonColor: '#485BFF',
    backgroundColor: '#FFFFFF',
    borderRadius: 20,
    rtl: false,
  });
  expect(DEFAULT_CONFIG).toEqual(readMessengerConfig(undefined));
});

test('reads colours and radius from a flow config at the top level', () => {
  expect(
    readMessengerConfig({
      color: '#112233',
      headerColor: '#445566',
      buttonColor: '#778899',
      backgroundColor: '#fafafa',
      borderRadius: 8,
    }),
  ).toMatchObject({
    color: '#112233',
    headerColor: '#445566',
    buttonColor: '#778899',
    backgroundColor: '#fafafa',
    borderRadius: 8,
  });
});

test('reads the flow config under flowConfig', () => {
  expect(readMessengerConfig({ flowConfig: { color: '#ff0000', borderRadius: '12' } })).toMatchObject({
    color: '#ff0000',
    borderRadius: 12,
  });
});

test('falls back to the default for a colour that is not a hex colour', () => {
  expect(readMessengerConfig({ color: 'red; background: url(x)' }).color).toBe('#485BFF');
});

test('falls back to radius 20 for a negative or non-numeric radius', () => {
  expect(readMessengerConfig({ borderRadius: -3 }).borderRadius).toBe(20);
  expect(readMessengerConfig({ borderRadius: 'round' }).borderRadius).toBe(20);
});

test('switches to right-to-left from localizationOptions.rtl', () => {
  expect(readMessengerConfig({ flowConfig: { localizationOptions: { rtl: true } } }).rtl).toBe(true);
});

test('computes brightness with the YIQ weights', () => {
  expect(brightness('#FFFFFF')).toBe(255);
  expect(brightness('#000')).toBe(0);
  expect(brightness('#485BFF')).toBeCloseTo((0x48 * 299 + 0x5b * 587 + 0xff * 114) / 1000);
});

test('puts light text on colours at or below brightness 160 and dark text above it', () => {
  // #A0A0A0 has brightness exactly 160; #A1A1A1 is 161.
  expect(contrastText('#A0A0A0')).toBe('#FFFFFF');
  expect(contrastText('#A1A1A1')).toBe('#000000');
  expect(contrastText('#485BFF')).toBe('#FFFFFF');
  expect(contrastText('#FFFFFF')).toBe('#000000');
});
