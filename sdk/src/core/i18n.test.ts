import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { EDITOR_TEXTS } from '../capture/editor-texts';
import { BANNER_TEXTS } from '../engage/banner';
import { IMAGE_TEXTS } from '../engage/image-viewer';
import { NOTIFICATION_TEXTS } from '../engage/notifications';
import { OFFLINE_TEXTS } from '../engage/offline-form';
import { TOOLTIP_TEXTS } from '../engage/tooltips';
import { Gleap } from '../index';
import { strings as ar } from '../lang/ar';
import { strings as de } from '../lang/de';
import { strings as es } from '../lang/es';
import { strings as fr } from '../lang/fr';
import { strings as hi } from '../lang/hi';
import { BUNDLED_LANGUAGES } from '../lang/packs';
import { API, FRAME, KEY, WS, createTestServer, resetWidget, settle } from '../test/widget-harness';
import { BUILDER_TEXTS } from '../tours/builder/constants';
import { COBROWSE_TEXTS } from '../tours/cobrowse-view';
import { TOUR_TEXTS } from '../tours/constants';
import { capturePort } from './capture-port';
import { applyServerConfig } from './config';
import { imageViewer, offlineForm } from './engage-port';
import { CORE_TEXTS, type WidgetStrings, loadLanguage, localize, setLanguageStrings, strings, textDir } from './i18n';
import { settings } from './state';

/** The English table: every section, as `WidgetStrings` joins them. */
const EN: WidgetStrings = {
  ...CORE_TEXTS,
  ...NOTIFICATION_TEXTS,
  ...BANNER_TEXTS,
  ...IMAGE_TEXTS,
  ...TOOLTIP_TEXTS,
  ...OFFLINE_TEXTS,
  ...TOUR_TEXTS,
  ...COBROWSE_TEXTS,
  ...BUILDER_TEXTS,
  ...EDITOR_TEXTS,
};
const PACKS = { ar, de, es, fr, hi };
const placeholders = (text: string) => (text.match(/\{\d\}/g) ?? []).sort();

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(() => {
  resetWidget(mock);
  Gleap.setApiUrl(API);
  Gleap.setWSApiUrl(WS);
  Gleap.setFrameUrl(FRAME);
});
afterEach(() => {
  vi.useRealTimers();
  resetWidget(mock);
  settings.language = '';
  applyServerConfig({});
});

test('the sections share keys only where the English is the same (one flat table)', () => {
  const sections = [
    CORE_TEXTS,
    NOTIFICATION_TEXTS,
    BANNER_TEXTS,
    IMAGE_TEXTS,
    TOOLTIP_TEXTS,
    OFFLINE_TEXTS,
    TOUR_TEXTS,
    COBROWSE_TEXTS,
    BUILDER_TEXTS,
    EDITOR_TEXTS,
  ] as Record<string, string>[];
  for (const section of sections)
    for (const [key, text] of Object.entries(section)) expect(EN[key as keyof WidgetStrings], key).toBe(text);
  expect(Object.keys(EN).length).toBeGreaterThanOrEqual(74);
});

test('English plus hi, de, fr, es, ar are bundled; each pack translates every key, keeping the placeholders', () => {
  expect(BUNDLED_LANGUAGES.sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'hi']);
  for (const [code, pack] of Object.entries(PACKS)) {
    expect(Object.keys(pack).sort(), code).toEqual(Object.keys(EN).sort());
    for (const [key, text] of Object.entries(pack)) {
      expect(text.trim(), `${code}.${key}`).not.toBe('');
      expect(placeholders(text), `${code}.${key}`).toEqual(placeholders(EN[key as keyof WidgetStrings]));
    }
    // translated, not copied: words like "Banner" or "Image" may be the same, most texts are not
    const same = Object.keys(EN).filter((k) => pack[k as keyof WidgetStrings] === EN[k as keyof WidgetStrings]);
    expect(same.length, `${code}: ${same.join(', ')}`).toBeLessThan(8);
  }
  // the scripts are the languages' own
  expect(hi.send).toMatch(/[\u0900-\u097F]/);
  expect(ar.send).toMatch(/[\u0600-\u06FF]/);
});

test('a pack loads on demand: English until it is in, then its texts; de-AT takes de', async () => {
  settings.language = 'de-AT';
  expect(localize(CORE_TEXTS).closeWidget).toBe('Close feedback');
  const loading = loadLanguage();
  expect(loading).toBeInstanceOf(Promise);
  expect(localize(CORE_TEXTS).closeWidget, 'nothing before the chunk is in').toBe('Close feedback');
  await loading;
  expect(localize(CORE_TEXTS)).toEqual({ ...CORE_TEXTS, ...pick(de, CORE_TEXTS) });
  expect(localize(TOUR_TEXTS).tourStep).toBe('Produkttour, Schritt {0} von {1}');
  expect(loadLanguage(), 'loaded once').toBeUndefined();
  expect(textDir()).toBe('ltr');
});

test('English loads nothing; languages that are not bundled load no pack and show English', async () => {
  for (const lang of ['en', 'en-GB', 'EN']) {
    settings.language = lang;
    expect(loadLanguage(), lang).toBeUndefined();
    expect(localize(OFFLINE_TEXTS), lang).toEqual(OFFLINE_TEXTS);
  }
  for (const lang of ['nl', 'pt-BR', 'xx']) {
    settings.language = lang;
    await loadLanguage();
    expect(localize(OFFLINE_TEXTS), lang).toEqual(OFFLINE_TEXTS);
    expect(textDir(), lang).toBe('ltr');
  }
  // a pack loaded before does not leak into another language
  settings.language = 'fr';
  await loadLanguage();
  expect(localize(OFFLINE_TEXTS).send).toBe('Envoyer');
  settings.language = 'nl';
  expect(localize(OFFLINE_TEXTS).send).toBe('Send');
});

test('a language changed while its pack loads: the last one chosen wins', async () => {
  settings.language = 'es';
  const first = loadLanguage();
  settings.language = 'ar-EG';
  const second = loadLanguage();
  await Promise.all([first, second]);
  expect(localize(NOTIFICATION_TEXTS).notifications).toBe(ar.notifications);
  expect(textDir()).toBe('rtl');
});

test("the integrator's own texts win over the pack and the server, for the base and the exact language", async () => {
  settings.language = 'es-MX';
  await loadLanguage();
  applyServerConfig({ flowConfig: { staticTranslations: { send: 'Mandar', close: 'Salir' } } });
  expect(localize(OFFLINE_TEXTS)).toMatchObject({ send: 'Mandar', close: 'Salir', description: es.description });
  setLanguageStrings('es', { send: 'Enviar ya' });
  setLanguageStrings('ES-mx', { close: 'Cerrar ya' });
  expect(localize(OFFLINE_TEXTS)).toMatchObject({ send: 'Enviar ya', close: 'Cerrar ya' });
  // a language of its own: only what was given, English for the rest; empty and non-string values are ignored
  setLanguageStrings('nl', { send: 'Versturen', close: '' });
  applyServerConfig({ flowConfig: { staticTranslations: { description: { nested: 1 } } as never } });
  settings.language = 'nl-BE';
  expect(localize(OFFLINE_TEXTS)).toEqual({ ...OFFLINE_TEXTS, send: 'Versturen' });
  expect(strings()).toMatchObject({ send: 'Versturen' });
});

test('right to left for Arabic (and other RTL languages an integrator adds), left to right otherwise', () => {
  for (const [lang, dir] of [
    ['ar', 'rtl'],
    ['AR-sa', 'rtl'],
    ['he', 'rtl'],
    ['fa-IR', 'rtl'],
    ['de', 'ltr'],
    ['hi', 'ltr'],
    ['arn', 'ltr'],
  ]) {
    settings.language = lang!;
    expect(textDir(), lang).toBe(dir);
  }
});

test('setLanguage re-draws the launcher in the language and turns the widget right to left for Arabic', async () => {
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await ready;
  await settle();
  const host = document.querySelector('voltline-widget') as HTMLElement;
  const launcher = () => host.shadowRoot!.querySelector('button')!;
  expect(launcher().getAttribute('aria-label')).toBe('Open Feedback');
  expect(host.dir).toBe('ltr');

  Gleap.setLanguage('de');
  await vi.waitFor(() => expect(launcher().getAttribute('aria-label')).toBe('Feedback öffnen'));
  Gleap.setLanguage('ar');
  await vi.waitFor(() => expect(launcher().getAttribute('aria-label')).toBe('فتح الملاحظات'));
  expect(host.dir).toBe('rtl');
  Gleap.setLanguageStrings('ar', { feedback: 'رأيك' });
  expect(launcher().getAttribute('aria-label')).toBe('فتح رأيك');
  Gleap.setLanguage('en-US');
  await vi.waitFor(() => expect(launcher().getAttribute('aria-label')).toBe('Open Feedback'));
  expect(host.dir).toBe('ltr');
});

test('the capture editor opens in the language: Hindi toolbar and swatches; Arabic right to left', async () => {
  const editor = (await capturePort.editor())!;
  const host = () => document.getElementById('gl-capture-editor')!;
  const labels = (selector: string) =>
    [...host().shadowRoot!.querySelectorAll(selector)].map((b) => b.getAttribute('aria-label'));

  settings.language = 'hi-IN';
  await loadLanguage();
  void editor.openCaptureEditor({ mode: 'screenshot' });
  expect(host().shadowRoot!.querySelector('[role="toolbar"]')!.getAttribute('aria-label')).toBe(hi.toolbar);
  expect(labels('[role="radio"]')).toEqual([hi.red, hi.orange, hi.yellow, hi.purple, hi.green, hi.blue, hi.grey]);
  expect(host().dir).toBe('ltr');
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

  settings.language = 'ar';
  await loadLanguage();
  const done = editor.openCaptureEditor({ mode: 'screenshot' });
  expect(host().dir).toBe('rtl');
  expect(labels('button')).toContain(ar.undo);
  expect([...host().shadowRoot!.querySelectorAll('button')].map((b) => b.textContent?.trim())).toContain(ar.next);
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  await expect(done).resolves.toEqual({ cancelled: true });
  editor.cleanupDrawings();
});

test('the offline form and the image viewer speak the language', async () => {
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await ready;
  Gleap.setLanguage('fr-CA');
  await loadLanguage();
  const root = () => document.querySelector('voltline-widget')!.shadowRoot!;

  await new Promise<void>((r) => offlineForm((m) => r(m.showOfflineForm())));
  const form = root().querySelector('form')!;
  expect(form.querySelector('h2')!.textContent).toBe(fr.feedbackBugTitle);
  expect([...form.querySelectorAll('label')].map((l) => l.textContent)).toEqual([fr.description, fr.email]);
  (form.querySelector('button[type="submit"]') as HTMLButtonElement).click();
  expect(form.querySelector('.error')!.textContent).toBe(fr.descriptionRequired);
  await new Promise<void>((r) => offlineForm((m) => r(m.closeOfflineForm())));

  await new Promise<void>((r) => imageViewer((m) => r(m.openImageViewer('https://example.com/a.png'))));
  const viewer = root().querySelector('[role="dialog"]')!;
  expect(viewer.getAttribute('aria-label')).toBe(fr.image);
  expect(viewer.querySelector('button')!.getAttribute('aria-label')).toBe(fr.closeImage);
});

function pick<T extends object>(from: WidgetStrings, section: T): Partial<WidgetStrings> {
  return Object.fromEntries(Object.keys(section).map((k) => [k, from[k as keyof WidgetStrings]]));
}
