import { useMemo } from 'react';
import { useMessengerState } from '../app/use-messenger-store';
import { createTranslator, readTranslations, type Translate } from './translate';

/** The `t()` of the current config and language (`overrideLanguage`, else the browser's). */
export function useT(): Translate {
  const staticTranslations = useMessengerState((s) => s.flowConfig.staticTranslations);
  const language = useMessengerState((s) => s.language);
  return useMemo(
    () => createTranslator(readTranslations(staticTranslations, language)),
    [staticTranslations, language],
  );
}
