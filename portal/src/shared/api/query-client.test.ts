import { afterEach, expect, test, vi } from 'vitest';
import { createQueryClient } from './query-client';

afterEach(() => vi.restoreAllMocks());

test('a failing query is tried once and not retried', async () => {
  const client = createQueryClient();
  const queryFn = vi.fn(() => Promise.reject(new Error('down')));
  await expect(client.fetchQuery({ queryKey: ['x'], queryFn })).rejects.toThrow('down');
  expect(queryFn).toHaveBeenCalledTimes(1);
});

test('queries and mutations default to zero retries', () => {
  const defaults = createQueryClient().getDefaultOptions();
  expect(defaults.queries?.retry).toBe(0);
  expect(defaults.mutations?.retry).toBe(0);
});

test('a failing mutation is tried once and logs nothing', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const client = createQueryClient();
  const mutationFn = vi.fn(() => Promise.reject(new Error('nope')));
  const mutation = client.getMutationCache().build(client, { mutationFn });
  await expect(mutation.execute(undefined)).rejects.toThrow('nope');
  expect(mutationFn).toHaveBeenCalledTimes(1);
  expect(error).not.toHaveBeenCalled();
  expect(warn).not.toHaveBeenCalled();
  expect(log).not.toHaveBeenCalled();
});
