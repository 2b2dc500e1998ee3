import { useMemo } from 'react';
import { useMessengerState } from '../app/use-messenger-store';
import { createWidgetApi, type WidgetApi } from './widget-api';

/**
 * The Widget API client for the current session, or null before the widget has said where the API is. Without a
 * session the client still calls (without Gleap-Id/Gleap-Hash), so the server's answer is shown, not a spinner.
 */
export function useWidgetApi(): WidgetApi | null {
  const endpoint = useMessengerState((s) => s.endpoint);
  const gleapId = useMessengerState((s) => s.session?.gleapId);
  const gleapHash = useMessengerState((s) => s.session?.gleapHash);
  const lang = useMessengerState((s) => s.language);
  return useMemo(
    () => (endpoint ? createWidgetApi({ ...endpoint, gleapId, gleapHash, lang }) : null),
    [endpoint, gleapId, gleapHash, lang],
  );
}
