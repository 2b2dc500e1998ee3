import { afterEach, expect, test } from 'vitest';
import {
  DEFAULT_REDACTION_POLICY,
  REDACTED,
  isMaskedElement,
  redactBody,
  redactHeaders,
  redactText,
  resetRedactionPolicy,
  setRedactionPolicy,
} from './redaction';

afterEach(() => resetRedactionPolicy());

test('redacts Authorization, Cookie and Set-Cookie header values by default, whatever their case', () => {
  expect(redactHeaders({ Authorization: 'Bearer abc', cookie: 'a=b', 'Set-Cookie': 'x', Accept: 'json' })).toEqual({
    Authorization: REDACTED,
    cookie: REDACTED,
    'Set-Cookie': REDACTED,
    Accept: 'json',
  });
});

test('masks a Luhn-valid card number but leaves other long numbers alone', () => {
  expect(redactText('card 4242 4242 4242 4242 ok')).toBe(`card ${REDACTED} ok`);
  expect(redactText('order 1234567890123')).toBe('order 1234567890123');
});

test('masks JWTs and bearer tokens in free text', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
  expect(redactText(`token=${jwt}`)).toBe(`token=${REDACTED}`);
  expect(redactText('Authorization: Bearer abcdefghijklmnop')).toBe(`Authorization: Bearer ${REDACTED}`);
});

test('redacts sensitive JSON and form fields in bodies', () => {
  expect(JSON.parse(redactBody('{"user":"a","password":"p","nested":{"token":"t"}}'))).toEqual({
    user: 'a',
    password: REDACTED,
    nested: { token: REDACTED },
  });
  expect(redactBody('user=a&password=secret')).toBe(`user=a&password=${encodeURIComponent(REDACTED)}`);
});

test('integrators can narrow the policy', () => {
  setRedactionPolicy({ headers: [] });
  expect(redactHeaders({ Authorization: 'x' })).toEqual({ Authorization: 'x' });
  expect(DEFAULT_REDACTION_POLICY.headers).toContain('authorization');
});

test('password inputs, gl-mask and gleap-ignore elements are masked', () => {
  document.body.innerHTML =
    '<input type="password" id="p"><div class="gl-mask"><span id="s">x</span></div><input gleap-ignore="value" id="g"><input id="n">';
  expect(isMaskedElement(document.getElementById('p')!)).toBe(true);
  expect(isMaskedElement(document.getElementById('s')!)).toBe(true);
  expect(isMaskedElement(document.getElementById('g')!)).toBe(true);
  expect(isMaskedElement(document.getElementById('n')!)).toBe(false);
});

test('masks the shortest card number the policy knows (13 digits)', () => {
  expect(redactText('4222222222222')).toBe(REDACTED);
});

test('an invalid selector in the policy does not stop the valid ones from masking', () => {
  setRedactionPolicy({ maskSelectors: ['[[invalid', '.secret'] });
  document.body.innerHTML = '<div class="secret"><span id="in">x</span></div><span id="out">y</span>';
  expect(isMaskedElement(document.getElementById('in')!)).toBe(true);
  expect(isMaskedElement(document.getElementById('out')!)).toBe(false);
});
