import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, test } from 'vitest';
import { defaultPermissionsFor } from '@/domain/permissions';
import { ApiError, setAuthTokenGetter } from '@/shared/api/api-client';
import { createQueryClient } from '@/shared/api/query-client';
import { useCurrentUser } from './get-current-user';
import { useLoginMutation } from './login';
import { useLogoutMutation } from './logout';

let token: string | null = null;
setAuthTokenGetter(() => token);
afterEach(() => {
  token = null;
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

test('login resolves the token, the user and their permissions', async () => {
  const { result } = renderHook(() => useLoginMutation(), { wrapper });
  const login = await result.current.mutateAsync({ email: 'oema@voltline.demo', password: 'demo1234' });
  expect(login.token).toEqual(expect.any(String));
  expect(login.user).toMatchObject({ role: 'OEMA', oemId: 'oem-01' });
  expect(login.permissions).toEqual(defaultPermissionsFor('OEMA'));
});

test('login rejects wrong credentials with an ApiError', async () => {
  const { result } = renderHook(() => useLoginMutation(), { wrapper });
  const error = await result.current.mutateAsync({ email: 'sa@voltline.demo', password: 'nope' }).catch((e) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code: 'invalid_credentials' });
});

test('the current user query answers the signed-in user', async () => {
  const login = renderHook(() => useLoginMutation(), { wrapper });
  token = (await login.result.current.mutateAsync({ email: 'vcua@voltline.demo', password: 'demo1234' })).token;
  const { result } = renderHook(() => useCurrentUser(), { wrapper });
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  expect(result.current.data?.user.role).toBe('VCUA');
  expect(result.current.data?.permissions).toEqual(defaultPermissionsFor('VCUA'));
});

test('the current user query fails with 401 when signed out', async () => {
  const { result } = renderHook(() => useCurrentUser(), { wrapper });
  await waitFor(() => expect(result.current.isError).toBe(true));
  expect(result.current.error).toMatchObject({ status: 401 });
});

test('logout ends the session on the server', async () => {
  const login = renderHook(() => useLoginMutation(), { wrapper });
  token = (await login.result.current.mutateAsync({ email: 'sa@voltline.demo', password: 'demo1234' })).token;
  const logout = renderHook(() => useLogoutMutation(), { wrapper });
  await act(() => logout.result.current.mutateAsync());
  const me = renderHook(() => useCurrentUser(), { wrapper });
  await waitFor(() => expect(me.result.current.error).toMatchObject({ status: 401 }));
});
