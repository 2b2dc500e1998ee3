import { createContext, type ReactNode, useContext } from 'react';
import type { RoleCode } from '@/domain/roles';
import type { LoginPayload } from '@/state/auth-slice';

/** A demo account offered on the login page in demo mode. */
export interface DemoAccount {
  email: string;
  password: string;
  role: RoleCode;
  label: string;
}

/** An error the session calls reject with; the API client's `ApiError` has this shape. */
export interface SessionError {
  status?: number;
  message: string;
  fieldErrors?: Record<string, string>;
}

/**
 * What the shell needs from the Fleet API, as one seam: sign in, sign out, and (demo only) the demo accounts and a
 * reset of the demo world. The app provides the API-backed implementation (`ApiSessionProvider`); page tests provide
 * their own.
 */
export interface SessionPort {
  signIn: (credentials: { email: string; password: string }) => Promise<LoginPayload>;
  signOut: () => Promise<void>;
  /** Demo accounts to offer on the login page; an empty list outside demo mode. */
  loadDemoAccounts: () => Promise<DemoAccount[]>;
  /** Restores the demo world to its seed; null outside demo mode. */
  resetDemoData: (() => Promise<void>) | null;
}

const SessionContext = createContext<SessionPort | null>(null);

export function SessionProvider({ value, children }: { value: SessionPort; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionPort {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** Reads a message (and field errors) from whatever a session call rejected with. */
export function toSessionError(error: unknown): SessionError {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    const e = error as SessionError;
    return { status: e.status, message: e.message, fieldErrors: e.fieldErrors };
  }
  return { message: 'Something went wrong. Please try again.' };
}
