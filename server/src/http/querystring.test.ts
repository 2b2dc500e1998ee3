import { expect, test } from 'vitest';
import { parseQueryString } from './querystring';

test('filter[field]=a,b becomes a nested object; plain keys stay text', () => {
  expect({ ...parseQueryString('page=2&filter[oemId]=oem-01,oem-02&filter[status]=1') }).toEqual({
    page: '2',
    filter: { oemId: 'oem-01,oem-02', status: '1' },
  });
});

test('a __proto__ key is only a key', () => {
  const parsed = parseQueryString('__proto__[polluted]=yes&filter[__proto__]=x');
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getPrototypeOf(parsed)).toBeNull();
});

test('a repeated key becomes an array', () => {
  expect({ ...parseQueryString('keys=a&keys=b') }).toEqual({ keys: ['a', 'b'] });
});
