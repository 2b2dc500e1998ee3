import { expect, test } from 'vitest';
import { validateFeedback } from './validate-feedback';

test('requires a description', () => {
  expect(validateFeedback({ description: '   ', email: '' }).description).toBe('Please describe what happened.');
});

test('requires at least 3 characters of description', () => {
  expect(validateFeedback({ description: 'ab', email: '' }).description).toBe('Please write at least 3 characters.');
  expect(validateFeedback({ description: 'abc', email: '' })).toEqual({});
});

test('accepts an empty e-mail', () => {
  expect(validateFeedback({ description: 'It crashed', email: '' })).toEqual({});
});

test('rejects an e-mail without a domain', () => {
  expect(validateFeedback({ description: 'It crashed', email: 'ana@' }).email).toMatch(/valid e-mail/);
  expect(validateFeedback({ description: 'It crashed', email: 'ana@example' }).email).toMatch(/valid e-mail/);
});

test('accepts a well-formed e-mail', () => {
  expect(validateFeedback({ description: 'It crashed', email: 'ana@example.com' })).toEqual({});
});
