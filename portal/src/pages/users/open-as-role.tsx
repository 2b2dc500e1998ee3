import { Button } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type DemoAccount, useSession } from '@/features/auth/session';
import { dashboardPathFor, ROLE_LABELS } from '@/domain/roles';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { notify } from '@/shared/ui/notify';
import { useAppStoreApi } from '@/state/store-context';

/** The demo accounts of the login page (none outside demo mode), loaded once. */
export function useDemoAccounts(): DemoAccount[] {
  const session = useSession();
  const [accounts, setAccounts] = useState<DemoAccount[]>([]);
  useEffect(() => {
    let active = true;
    session.loadDemoAccounts().then(
      (list) => active && setAccounts(list),
      () => active && setAccounts([]),
    );
    return () => {
      active = false;
    };
  }, [session]);
  return accounts;
}

/**
 * "Open the portal as this role" (demo only): signs out and signs in as the demo account holding the role, so what
 * the preview promised can be checked by hand. Renders nothing where no demo account holds the role.
 */
export function OpenAsRole({ roleId, accounts }: { roleId: string; accounts: readonly DemoAccount[] }) {
  const session = useSession();
  const store = useAppStoreApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const account = accounts.find((a) => a.role === roleId);
  if (!account) return null;
  const open = async () => {
    setBusy(true);
    try {
      await session.signOut().catch(() => undefined);
      store.getState().logout();
      queryClient.clear();
      const payload = await session.signIn({ email: account.email, password: account.password });
      store.getState().login(payload);
      notify.success(`Signed in as ${payload.user.name}`, { description: ROLE_LABELS[payload.user.role] });
      navigate(dashboardPathFor(payload.user.role), { replace: true });
    } catch (error) {
      notify.error('Could not open the portal as this role', { description: errorMessage(error) });
      navigate('/login', { replace: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" variant="light" leftSection={<IconLogin size={14} />} loading={busy} onClick={open}>
      Open the portal as {account.label}
    </Button>
  );
}
