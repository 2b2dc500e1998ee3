import type { EDITOR_TEXTS } from '../capture/editor-texts';
import type { BANNER_TEXTS } from '../engage/banner';
import type { IMAGE_TEXTS } from '../engage/image-viewer';
import type { NOTIFICATION_TEXTS } from '../engage/notifications';
import type { OFFLINE_TEXTS } from '../engage/offline-form';
import type { TOOLTIP_TEXTS } from '../engage/tooltips';
import type { BUILDER_TEXTS } from '../tours/builder/constants';
import type { COBROWSE_TEXTS } from '../tours/cobrowse-view';
import type { TOUR_TEXTS } from '../tours/constants';
import { getFlowConfig } from './config';
import { currentLang } from './state';

/**
 * The widget's own texts (issue 36 item 11, decision 0112). The English table is one flat, typed namespace
 * (`WidgetStrings`) kept in sections beside the surface that shows them, so that each lazy chunk carries only its own
 * English and the core only this one: the button's and the frame's.
 */
export const CORE_TEXTS = {
  feedback: 'Feedback',
  openWidget: 'Open {0}',
  closeWidget: 'Close feedback',
  unread: '{0} unread',
  frameTitle: 'Feedback and support',
};

type Section<T> = { -readonly [K in keyof T]: string };

/**
 * Every text of the widget's own UI, by key: English in the sections, translated in each bundled pack (`src/lang/`).
 * `{0}`, `{1}` stand for the values filled in.
 */
export type WidgetStrings = Section<
  typeof CORE_TEXTS &
    typeof NOTIFICATION_TEXTS &
    typeof BANNER_TEXTS &
    typeof IMAGE_TEXTS &
    typeof TOOLTIP_TEXTS &
    typeof OFFLINE_TEXTS &
    typeof TOUR_TEXTS &
    typeof COBROWSE_TEXTS &
    typeof BUILDER_TEXTS &
    typeof EDITOR_TEXTS
>;

let pack: Partial<WidgetStrings> = {};
let packLang = 'en';
const custom: Record<string, Partial<WidgetStrings>> = {};

/** `de-AT` -> `de`. */
const base = (lang: string) => lang.split(/[-_]/)[0]!;

/**
 * The texts in force, over the English of a section: the bundled pack of the language (`de` for `de-at`), then the
 * server's `staticTranslations` (the config is fetched per language), then the integrator's own (`setLanguageStrings`)
 * for the base language and for the exact one. Only string values count (`localize`).
 */
export function strings(): Partial<WidgetStrings> {
  const lang = currentLang();
  const b = base(lang);
  return Object.assign({}, b === packLang && pack, getFlowConfig().staticTranslations, custom[b], custom[lang]);
}

/** A section's texts in force: each key's text of `strings()`, else the section's English. */
export const localize = <T extends object>(section: T): Section<T> => {
  const out = { ...section } as Record<string, unknown>;
  const given = strings() as Record<string, unknown>;
  for (const k in out) if (given[k] && typeof given[k] === 'string') out[k] = given[k];
  return out as Section<T>;
};

/** `rtl` for Arabic (and the other right-to-left languages an integrator may add), else `ltr`. */
export const textDir = () => (/^(ar|he|fa|ur)$/.test(base(currentLang())) ? 'rtl' : 'ltr');

/**
 * Texts of the integrator's own for a language (`en`, `de`, `de-at`, or one not bundled), merged with earlier ones;
 * they win over the bundled pack and the server's.
 */
export function setLanguageStrings(language: string, texts: Partial<WidgetStrings>): void {
  const lang = language.toLowerCase();
  custom[lang] = { ...custom[lang], ...texts };
}

/**
 * Load the pack of the current language unless it is English or in force: the packs' door (`lang/packs.ts`, a small
 * chunk), then the pack (a chunk of its own; none for a language not bundled). Undefined when there is nothing to load;
 * a pack that fails to load leaves English.
 */
export function loadLanguage(): Promise<void> | undefined {
  const lang = base(currentLang());
  if (lang === 'en' || lang === packLang) return;
  return import('../lang/packs')
    .then((m) => m.loadPack(lang))
    .then(
      (texts) => {
        if (texts && base(currentLang()) === lang) {
          pack = texts;
          packLang = lang;
        }
      },
      () => {},
    );
}
