import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router-dom';
import { useAppState } from '@/state/store-context';

/**
 * Runs the route guards again when the session's permissions change (a role change reaches the portal through
 * `GET /auth/me` after a 403 or on focus): the page on screen then turns into the 403 page where access was revoked.
 * A component of its own, so the router state it subscribes to re-renders nothing else.
 */
export function GuardRevalidator() {
  const permissions = useAppState((s) => s.auth.permissions);
  const { revalidate } = useRevalidator();
  const seen = useRef(permissions);
  useEffect(() => {
    if (seen.current === permissions) return;
    seen.current = permissions;
    void revalidate();
  }, [permissions, revalidate]);
  return null;
}
