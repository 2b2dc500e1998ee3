import { useMemo } from 'react';
import { useMessengerState } from '../app/use-messenger-store';
import { createWidgetApi, type WidgetApi } from './widget-api';

/** The Widget API client for the current session, or null before the widget has sent one. */
export function useWidgetApi(): WidgetApi | null {
  const session = useMessengerState((s) => s.session);
  const lang = useMessengerState((s) => s.language);
  return useMemo(
    () =>
      session?.apiUrl
        ? createWidgetApi({
            apiUrl: session.apiUrl,
            sdkKey: session.sdkKey,
            gleapId: session.gleapId,
            gleapHash: session.gleapHash,
            lang,
          })
        : null,
    [session, lang],
  );
}
