import { AppError } from '../lib/app-error';
import { sha256Hex } from '../lib/web-crypto';
import type { FeedbackDeps, StoredSdkKey, StoredSession } from './feedback-store';

/**
 * Who calls the widget API: the credentials every call carries (`Api-Token`, and once a session exists `Gleap-Id` and
 * `Gleap-Hash`), and where the call came from. Nothing is trusted until a service has checked them.
 */
export interface WidgetCaller {
  apiToken: string | undefined;
  gleapId: string | undefined;
  gleapHash: string | undefined;
  /** The caller's network address (rate limits of new sessions); undefined when unknown. */
  address?: string | undefined;
}

export const unknownKey = () => new AppError('unauthorized', 'This SDK key is not known or has been revoked.');

/** The caller's live SDK key; an unknown or revoked key is 401 and nothing is stored. */
export async function authenticateKey(
  deps: Pick<FeedbackDeps, 'sdkKeys'>,
  key: string | undefined,
): Promise<StoredSdkKey> {
  const token = key?.trim();
  if (!token || token.length > 200) throw unknownKey();
  const found = await deps.sdkKeys.byKey(token);
  if (!found || found.revokedAt !== null) throw unknownKey();
  return found;
}

export const unknownSession = () =>
  new AppError('unauthorized', 'This session is not known; start a new one with POST /sessions.');

/**
 * The caller's session under its key: `Gleap-Id` names it, `Gleap-Hash` proves it (its SHA-256 is what is kept).
 * Undefined when the caller sent no session; a wrong or unknown one is 401.
 */
export async function sessionOf(
  deps: Pick<FeedbackDeps, 'sessions'>,
  caller: WidgetCaller,
  key: StoredSdkKey,
): Promise<StoredSession | undefined> {
  if (!caller.gleapId && !caller.gleapHash) return undefined;
  const found = await findSession(deps, caller, key);
  if (!found) throw unknownSession();
  return found;
}

/** The caller's session when its id and hash match one of the key's; undefined otherwise. */
export async function findSession(
  deps: Pick<FeedbackDeps, 'sessions'>,
  caller: WidgetCaller,
  key: StoredSdkKey,
): Promise<StoredSession | undefined> {
  if (!caller.gleapId || !caller.gleapHash || caller.gleapId.length > 100 || caller.gleapHash.length > 200) {
    return undefined;
  }
  const found = await deps.sessions.get(key.id, caller.gleapId);
  if (!found || found.hashSha256 !== (await sha256Hex(caller.gleapHash))) return undefined;
  return found;
}

/** The caller's session, which the call needs: none, or a wrong one, is 401. */
export async function requireSession(
  deps: Pick<FeedbackDeps, 'sessions'>,
  caller: WidgetCaller,
  key: StoredSdkKey,
): Promise<StoredSession> {
  const found = await sessionOf(deps, caller, key);
  if (!found) throw unknownSession();
  return found;
}
