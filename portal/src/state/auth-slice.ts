import type { StateCreator } from 'zustand';
import type { PermissionMap } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';
import type { AppState } from './app-store';

/** The signed-in user as the Fleet API describes it (the API's `AuthUser`). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: RoleCode;
  oemId?: string;
  dealerId?: string;
  fleetId?: string;
  evOwnerId?: string;
  driverId?: string;
}

export interface AuthState {
  user: SessionUser | null;
  isAuthenticated: boolean;
  /** Bearer token of the session; kept with the user so a reload stays signed in (session storage only). */
  token: string | null;
  permissions: PermissionMap;
  /** The side navigation starts collapsed. */
  menuCollapse: boolean;
}

export interface LoginPayload {
  user: SessionUser;
  token: string;
  permissions: PermissionMap;
}

export interface AuthSlice {
  auth: AuthState;
  /** Merges the user into the current one and marks the session authenticated. */
  login: (payload: LoginPayload) => void;
  /** Clears the user, token and permissions; the menu preference stays. */
  logout: () => void;
  /** Replaces the permissions, e.g. after the current user was fetched again. */
  setPermissions: (permissions: PermissionMap) => void;
  setMenuCollapse: (collapsed: boolean) => void;
  toggleMenuCollapse: () => void;
}

export const initialAuthState = (): AuthState => ({
  user: null,
  isAuthenticated: false,
  token: null,
  permissions: {},
  menuCollapse: true,
});

export const createAuthSlice: StateCreator<AppState, [], [], AuthSlice> = (set) => ({
  auth: initialAuthState(),
  login: ({ user, token, permissions }) =>
    set((s) => ({
      auth: { ...s.auth, user: { ...(s.auth.user ?? {}), ...user }, token, permissions, isAuthenticated: true },
    })),
  logout: () => set((s) => ({ auth: { ...initialAuthState(), menuCollapse: s.auth.menuCollapse } })),
  setPermissions: (permissions) => set((s) => ({ auth: { ...s.auth, permissions } })),
  setMenuCollapse: (menuCollapse) => set((s) => ({ auth: { ...s.auth, menuCollapse } })),
  toggleMenuCollapse: () => set((s) => ({ auth: { ...s.auth, menuCollapse: !s.auth.menuCollapse } })),
});
