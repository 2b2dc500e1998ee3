import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { profileKeys, settingsKeys } from '@/shared/api/query-keys';
import type { components } from '@/domain/api-schema';

export type CompanySettings = components['schemas']['CompanySettings'];
export type ApiKey = components['schemas']['ApiKey'];
export type ApiKeyCreated = components['schemas']['ApiKeyCreated'];
export type SdkKey = components['schemas']['SdkKey'];
export type SdkWidgetConfig = components['schemas']['SdkWidgetConfig'];
export type ProfileAccount = components['schemas']['UserAccount'];
export type SessionInfo = components['schemas']['SessionInfo'];

export function useCompanySettings() {
  return useQuery({
    queryKey: settingsKeys.company(),
    queryFn: async () => requireData(await apiClient.GET('/settings')),
  });
}

function useSettingsMutation<TVars, TData>(fn: (vars: TVars) => Promise<TData>, key: readonly unknown[]) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export function useSaveLogo() {
  return useSettingsMutation(
    async (body: { dataUrl: string; fileName: string }) => requireData(await apiClient.PUT('/settings/logo', { body })),
    settingsKeys.company(),
  );
}

export function useRemoveLogo() {
  return useSettingsMutation(async () => {
    // A non-2xx answer throws its ApiError in the client's middleware.
    await apiClient.DELETE('/settings/logo');
  }, settingsKeys.company());
}

export function useSaveDelivery() {
  return useSettingsMutation(
    async (body: { smtpSender: string | null; smsSenderId: string | null }) =>
      requireData(await apiClient.PATCH('/settings/delivery', { body })),
    settingsKeys.company(),
  );
}

export function useRotateWebhookSecret() {
  return useSettingsMutation(
    async () => requireData(await apiClient.POST('/settings/delivery/webhook-secret')),
    settingsKeys.company(),
  );
}

export function useApiKeys() {
  return useQuery({
    queryKey: settingsKeys.apiKeys(),
    queryFn: async () => requireData(await apiClient.GET('/api-keys')),
  });
}

export function useCreateApiKey() {
  return useSettingsMutation(
    async (body: { name: string; scope: 'read' | 'write' }) => requireData(await apiClient.POST('/api-keys', { body })),
    settingsKeys.apiKeys(),
  );
}

export function useResetApiKey() {
  return useSettingsMutation(
    async (id: string) => requireData(await apiClient.POST('/api-keys/{id}/reset', { params: { path: { id } } })),
    settingsKeys.apiKeys(),
  );
}

export function useRevokeApiKey() {
  return useSettingsMutation(
    async (id: string) => requireData(await apiClient.POST('/api-keys/{id}/revoke', { params: { path: { id } } })),
    settingsKeys.apiKeys(),
  );
}

/** The organisation's widget SDK keys with their widget config (decision 0123); `enabled: false` asks nothing. */
export function useSdkKeys({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: settingsKeys.sdkKeys(),
    queryFn: async () => requireData(await apiClient.GET('/sdk-keys')),
    enabled,
  });
}

export function useCreateSdkKey() {
  return useSettingsMutation(
    async (body: { name: string; config: SdkWidgetConfig }) => requireData(await apiClient.POST('/sdk-keys', { body })),
    settingsKeys.sdkKeys(),
  );
}

export function useUpdateSdkKey() {
  return useSettingsMutation(
    async ({ id, ...body }: { id: string; name: string; config: SdkWidgetConfig }) =>
      requireData(await apiClient.PATCH('/sdk-keys/{id}', { params: { path: { id } }, body })),
    settingsKeys.sdkKeys(),
  );
}

export function useRevokeSdkKey() {
  return useSettingsMutation(
    async (id: string) => requireData(await apiClient.POST('/sdk-keys/{id}/revoke', { params: { path: { id } } })),
    settingsKeys.sdkKeys(),
  );
}

export function useProfile() {
  return useQuery({
    queryKey: profileKeys.me(),
    queryFn: async () => requireData(await apiClient.GET('/profile')),
  });
}

export function useUpdateProfile() {
  return useSettingsMutation(
    async (body: { name: string; email: string; phone: string | null }) =>
      requireData(await apiClient.PATCH('/profile', { body })),
    profileKeys.me(),
  );
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: { currentPassword: string; newPassword: string }) => {
      await apiClient.POST('/profile/password', { body });
    },
  });
}

export function useSessions() {
  return useQuery({
    queryKey: profileKeys.sessions(),
    queryFn: async () => requireData(await apiClient.GET('/profile/sessions')),
  });
}

export function useSignOutOthers() {
  return useSettingsMutation(
    async () => requireData(await apiClient.POST('/profile/sessions/sign-out-others')),
    profileKeys.sessions(),
  );
}

export function useEndSession() {
  return useSettingsMutation(async (id: string) => {
    await apiClient.DELETE('/profile/sessions/{id}', { params: { path: { id } } });
  }, profileKeys.sessions());
}
