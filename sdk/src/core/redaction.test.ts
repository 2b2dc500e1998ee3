import { afterEach, expect, test } from 'vitest';
import { isMaskedElement, isSensitiveInput } from '../capture/masked-element';
import {
  DEFAULT_REDACTION_POLICY,
  REDACTED,
  isSensitiveName,
  redactUrl,
  redactText,
  resetRedactionPolicy,
  setRedactionPolicy,
} from './redaction';
import { redactBody, redactHeaders, redactValue } from './redaction-body';

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
  setRedactionPolicy({ headers: [], allowFields: ['authorization'] });
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

// Every name of issue 17 item 7, in the spellings the web uses.
test.each([
  'password',
  'Password',
  'passwd',
  'secret',
  'client_secret',
  'token',
  'accessToken',
  'access_token',
  'refresh-token',
  'sessionToken',
  'apiKey',
  'api_key',
  'X-Api-Key',
  'X-Auth-Token',
  'X-CSRF-Token',
  'authorization',
  'Proxy-Authorization',
  'cookie',
  'Set-Cookie',
  'otp',
  'pin',
  'PIN',
  'cvv',
  'ssn',
  'card_number',
  'credentials',
])('%s is a sensitive name', (name) => {
  expect(isSensitiveName(name)).toBe(true);
});

test.each(['user', 'email', 'spin', 'opinion', 'description', 'page', 'id', 'username'])(
  '%s is not a sensitive name',
  (name) => {
    expect(isSensitiveName(name)).toBe(false);
  },
);

test('integrators add names and patterns and opt a field back in', () => {
  setRedactionPolicy({
    fields: [...DEFAULT_REDACTION_POLICY.fields, 'iban'],
    fieldPatterns: [/^x-tenant-/i],
    allowFields: ['csrf_token'],
  });
  expect(isSensitiveName('IBAN')).toBe(true);
  expect(isSensitiveName('X-Tenant-Key')).toBe(true);
  expect(isSensitiveName('csrfToken')).toBe(false);
  expect(isSensitiveName('accessToken')).toBe(true);
});

test('nested objects, arrays, JSON and form bodies are redacted by name', () => {
  expect(redactValue({ user: { profile: { accessToken: 'a', name: 'n' } }, list: [{ api_key: 'k' }] })).toEqual({
    user: { profile: { accessToken: REDACTED, name: 'n' } },
    list: [{ api_key: REDACTED }],
  });
  expect(JSON.parse(redactBody('{"refresh-token":"r","sessionToken":"s","otp":"1"}'))).toEqual({
    'refresh-token': REDACTED,
    sessionToken: REDACTED,
    otp: REDACTED,
  });
  const r = encodeURIComponent(REDACTED);
  expect(redactBody('user=ada&client_secret=s&pin=1234')).toBe(`user=ada&client_secret=${r}&pin=${r}`);
});

test('custom headers named like a secret are redacted', () => {
  expect(redactHeaders({ 'X-Auth-Token': 'a', 'X-Api-Key': 'k', 'X-Request-Id': 'r' })).toEqual({
    'X-Auth-Token': REDACTED,
    'X-Api-Key': REDACTED,
    'X-Request-Id': 'r',
  });
});

test('URL query and fragment parameters named like a secret are redacted; other URLs are unchanged', () => {
  const r = encodeURIComponent(REDACTED);
  expect(redactUrl('https://shop.test/cb?code=1&access_token=abc&page=2#id_token=x&state=s')).toBe(
    `https://shop.test/cb?code=1&access_token=${r}&page=2#id_token=${r}&state=s`,
  );
  expect(redactUrl('/reset?sessionToken=abc')).toBe(`/reset?sessionToken=${r}`);
  expect(redactUrl('https://shop.test/a/b#section')).toBe('https://shop.test/a/b#section');
  expect(redactUrl('data:image/png;base64,4242424242424242')).toBe('data:image/png;base64,4242424242424242');
});

test('inputs are masked by name, id and autocomplete whatever their type', () => {
  document.body.innerHTML = `
    <input id="a" name="user_pin"><input id="b" name="cardNumber"><input id="apiKey"><input id="c" autocomplete="cc-number">
    <input id="d" autocomplete="one-time-code"><input id="e" type="text" autocomplete="current-password">
    <input id="f" name="city"><textarea id="g" name="notes"></textarea><select id="h" name="cvv"></select>`;
  const masked = (id: string) => isMaskedElement(document.getElementById(id)!);
  expect(['b', 'apiKey', 'c', 'd', 'e', 'h'].map(masked)).toEqual([true, true, true, true, true, true]);
  expect(['a', 'f', 'g'].map(masked)).toEqual([false, false, false]);
  expect(isSensitiveInput(document.createElement('div'))).toBe(false);
});
