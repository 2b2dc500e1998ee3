import { describe, expect, test } from 'vitest';
import { loginPathFor, safeReturnTo } from './route-access';

describe('return paths', () => {
  test('accept same-site paths and reject other sites and the login page itself', () => {
    expect(safeReturnTo('/vehicle/12?tab=commands')).toBe('/vehicle/12?tab=commands');
    expect(safeReturnTo('//evil.example')).toBeNull();
    expect(safeReturnTo('https://evil.example')).toBeNull();
    expect(safeReturnTo('/\\evil.example')).toBeNull();
    expect(safeReturnTo('/login?returnTo=/x')).toBeNull();
    expect(safeReturnTo(null)).toBeNull();
  });

  test('are carried in the login link', () => {
    expect(loginPathFor('/vehicle/12?tab=commands')).toBe('/login?returnTo=%2Fvehicle%2F12%3Ftab%3Dcommands');
    expect(loginPathFor('/')).toBe('/login');
  });
});
