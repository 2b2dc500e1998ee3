import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import type { RoutePageProps } from '@/config/paths';
import { dashboardPathFor } from '@/domain/roles';
import { notify } from '@/shared/ui/notify';
import { useAppState } from '@/state/store-context';

export const LEGACY_DASHBOARD_NOTICE = 'The legacy dashboard has been retired';

/**
 * `/old-dashboard` (decision 0081): the previous layout is gone (the per-role dashboard replaced it), so old links and
 * bookmarks land on the user's own dashboard with a notice saying why.
 */
export function OldDashboardPage(_props: RoutePageProps) {
  const role = useAppState((s) => s.auth.user?.role);
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    notify.info(LEGACY_DASHBOARD_NOTICE, {
      description: 'You are on your dashboard now; update any bookmark that pointed to /old-dashboard.',
    });
  }, []);
  return <Navigate to={role ? dashboardPathFor(role) : '/dashboard'} replace />;
}
