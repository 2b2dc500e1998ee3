import type { WidgetStrings } from '../core/i18n';

/**
 * The bundled language packs besides English (`core/i18n.ts` loads this chunk, then the pack): each is a chunk of its
 * own. Literal import() specifiers, so that bundlers emit them.
 */
const PACKS: Record<string, () => Promise<{ strings: WidgetStrings }>> = {
  ar: () => import('./ar'),
  de: () => import('./de'),
  es: () => import('./es'),
  fr: () => import('./fr'),
  hi: () => import('./hi'),
};

/** The languages bundled, English first. */
export const BUNDLED_LANGUAGES = ['en', ...Object.keys(PACKS)];

/** The pack of a base language (`de`), or undefined when none is bundled. */
export const loadPack = (lang: string): Promise<WidgetStrings> | undefined => PACKS[lang]?.().then((m) => m.strings);
