import { AppError } from '../lib/app-error';
import type { FeedbackDeps, StoredSdkKey } from './feedback-store';

/**
 * Who calls the widget API: the credentials every call carries (`Api-Token`, and once a session exists `Gleap-Id` and
 * `Gleap-Hash`), and where the call came from. Nothing is trusted until a service has checked them.
 */
export interface WidgetCaller {
  apiToken: string | undefined;
  gleapId: string | undefined;
  gleapHash: string | undefined;
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
