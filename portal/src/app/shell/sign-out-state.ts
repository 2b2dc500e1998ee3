import { createContext, useContext } from 'react';

/**
 * Lets the user menu tell the shell that the session is ending: the shell then shows "Signing out" instead of the
 * signed-in pages, so none of their queries asks the server again while the session ends (issue 18, item 12).
 */
export const SignOutContext = createContext<(signingOut: boolean) => void>(() => {});

export function useSetSigningOut(): (signingOut: boolean) => void {
  return useContext(SignOutContext);
}
