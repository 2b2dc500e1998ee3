import { expect, test } from 'vitest';
import { createTranslator, isRtlLanguage, readTranslations, TEXTS } from './translate';

test('without translations t() gives the English text with its placeholders filled', () => {
  const t = createTranslator({});
  expect(t('back')).toBe(TEXTS.back);
  expect(t('greeting', { name: 'Ana' })).toBe('Hi Ana');
});

test('a translation replaces the English text and keeps unknown placeholders as they are', () => {
  const t = createTranslator({ stepsProgress: '{done}/{total} erledigt {extra}' });
  expect(t('stepsProgress', { done: 1, total: 4 })).toBe('1/4 erledigt {extra}');
});

test('an empty translation falls back to English', () => {
  expect(createTranslator({ close: '' })('close')).toBe('Close');
});

test('flat staticTranslations apply to any language', () => {
  expect(readTranslations({ back: 'Zurück', ignored: 3 }, 'de-de')).toEqual({ back: 'Zurück' });
});

test('nested staticTranslations prefer the exact language, then its base, then the flat texts', () => {
  const translations = readTranslations(
    { close: 'Close!', de: { back: 'Zurück', close: 'Schließen' }, 'de-at': { back: 'Retour' } },
    'de-AT',
  );
  expect(translations).toEqual({ close: 'Schließen', back: 'Retour' });
});

test('staticTranslations that are no object are ignored', () => {
  expect(readTranslations('nope', 'en')).toEqual({});
  expect(readTranslations(null, 'en')).toEqual({});
});

test('Arabic, Hebrew, Persian and Urdu are right to left, English and German are not', () => {
  for (const lang of ['ar', 'he-IL', 'fa', 'ur_PK']) expect(isRtlLanguage(lang)).toBe(true);
  for (const lang of ['en-us', 'de', '']) expect(isRtlLanguage(lang)).toBe(false);
});
