import { type Page, expect, test } from '@playwright/test';
import { FAKE_API, HOST_ORIGIN, routeFakeApi } from '../support/fake-api';
import { ui, widgetLanguages as lang } from '../../../selectors';

// Issue 36 item 11: every text of the widget's own UI follows `setLanguage`. English is in the core; a bundled pack
// (hi, de, fr, es, ar) loads as a chunk of its own when its language is chosen; Arabic turns the widget's surfaces right
// to left; `setLanguageStrings` gives the integrator's own texts. The UMD build, so its chunks load from beside it.

test.describe.configure({ timeout: 60_000 });

type Win = {
  widgetReady?: boolean;
  Gleap: {
    setLanguage(code: string): void;
    setLanguageStrings(code: string, texts: Record<string, string>): void;
    showNotification(data: unknown): void;
    startProductTourWithConfig(id: string, config: unknown): void;
  };
};

const news = (id: string, text: string) => ({
  actionType: 'notification',
  outbound: id,
  createdAt: new Date().toISOString(),
  data: { text, news: { id: `${id}-article` }, previewText: 'The map now clusters.' },
});

async function open(page: Page, path: string = lang.page) {
  await routeFakeApi(page);
  // the tours ask whether they are live
  await page.route(`${FAKE_API}/outbound/producttourvalidation`, (route) =>
    route.request().method() === 'OPTIONS'
      ? route.fallback()
      : route.fulfill({
          headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'live' }),
        }),
  );
  await page.routeWebSocket(/ws\.voltline\.test/, () => {});
  // the language chunks the page loads (`packs` is their door), and the `lang` of each config request
  const chunks: string[] = [];
  const configLangs: (string | null)[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    const chunk = /\/sdk\/(?:umd\/)?(ar|de|es|fr|hi|packs)-[^/]+\.js$/.exec(url.pathname);
    if (chunk) chunks.push(chunk[1]!);
    if (/^\/config\/[^/]+$/.test(url.pathname)) configLangs.push(url.searchParams.get('lang'));
  });
  await page.goto(`${HOST_ORIGIN}${path}`);
  await page.waitForFunction(() => (window as unknown as Win).widgetReady === true);
  return { chunks, configLangs };
}

/** Call `Gleap[method](...args)` in the page. */
const call = <K extends keyof Win['Gleap']>(page: Page, method: K, ...args: Parameters<Win['Gleap'][K]>) =>
  page.evaluate(([m, a]) => ((window as unknown as Win).Gleap[m] as (...x: unknown[]) => void)(...a), [
    method,
    args,
  ] as const);

/** The CSS direction an element of a shadow host lays out in. */
const direction = (page: Page, host: string, role: string) =>
  page
    .locator(host)
    .evaluate((el, r) => getComputedStyle(el.shadowRoot!.querySelector(`[role="${r}"]`)!).direction, role);

test("setLanguage('ar'): button, notifications and tour in Arabic, right to left; the pack loads only then", async ({
  page,
}) => {
  const { chunks, configLangs } = await open(page);
  await expect(lang.launcher(page)).toHaveAttribute('aria-label', 'Open Feedback');
  expect(chunks, 'English needs no chunk').toEqual([]);
  expect(configLangs).toEqual(['en-us']);

  await call(page, 'setLanguage', 'ar');
  await expect(page.getByRole(...ui.buttonNamed('فتح الملاحظات', true))).toBeVisible();
  await expect(page.locator(lang.widget)).toHaveAttribute('dir', 'rtl');
  expect(chunks).toEqual(['packs', 'ar']);
  // on the wire as gleap: the config again, for the new language, after 1 s
  await expect.poll(() => configLangs).toEqual(['en-us', 'ar']);

  await call(page, 'showNotification', news('n-1', 'Live map for 10,000 vehicles'));
  await call(page, 'showNotification', news('n-2', 'Routes in the portal'));
  const stack = page.getByRole(...ui.regionNamed('الإشعارات', true));
  await expect(stack).toBeVisible();
  await expect(stack.getByRole(...ui.buttonNamed('التالي', true))).toBeVisible();
  await expect(stack.getByRole(...ui.buttonNamed('إغلاق الإشعارات', true))).toBeVisible();
  await expect(page.locator(lang.notifications)).toHaveAttribute('dir', 'rtl');
  expect(await direction(page, lang.notifications, 'region')).toBe('rtl');
  await stack.getByRole(...ui.buttonNamed('إغلاق الإشعارات', true)).click();
  await expect(stack).toBeHidden();

  await call(page, 'startProductTourWithConfig', 'tour-ar', {
    tourType: 'standard',
    allowClose: true,
    backButton: true,
    steps: [
      { selector: '#fleet', message: 'أسطولك هنا.' },
      { selector: '#fleet', message: 'وهنا أيضًا.' },
    ],
  });
  const pop = lang.tourPopover(page);
  await expect(pop).toBeVisible();
  await expect(pop).toHaveAccessibleName('جولة تعريفية بالمنتج، الخطوة 1 من 2');
  expect(await direction(page, lang.tour, 'dialog')).toBe('rtl');
  // mirrored: the close button in the popover's left corner, the progress on the right, Next on the left
  const box = (await pop.boundingBox())!;
  const close = (await pop.getByRole(...ui.buttonNamed('إغلاق الجولة', true)).boundingBox())!;
  const progressText = pop.locator(lang.tourProgress);
  await expect(progressText).toHaveText('1 من 2');
  const progress = (await progressText.boundingBox())!;
  const next = (await pop.getByRole(...ui.buttonNamed('التالي', true)).boundingBox())!;
  expect(close.x + close.width / 2).toBeLessThan(box.x + box.width / 2);
  expect(progress.x).toBeGreaterThan(next.x);
  await pop.getByRole(...ui.buttonNamed('التالي', true)).click();
  await expect(pop).toHaveAccessibleName('جولة تعريفية بالمنتج، الخطوة 2 من 2');
  await expect(pop.getByRole(...ui.buttonNamed('السابق', true))).toBeVisible();
  await expect(pop.getByRole(...ui.buttonNamed('تم', true))).toBeVisible();
  await pop.getByRole(...ui.buttonNamed('إغلاق الجولة', true)).click();
  await expect(pop).toBeHidden();
});

test("setLanguage('de'): German (de-AT too), the integrator's own texts win, and an unknown language is English", async ({
  page,
}) => {
  const { chunks } = await open(page);
  await expect(lang.launcher(page)).toHaveAttribute('aria-label', 'Open Feedback');
  await call(page, 'setLanguage', 'de-AT');
  await expect(page.getByRole(...ui.buttonNamed('Feedback öffnen', true))).toBeVisible();
  await expect(page.locator(lang.widget)).toHaveAttribute('dir', 'ltr');
  expect(chunks).toEqual(['packs', 'de']);

  await call(page, 'showNotification', news('n-1', 'Live map for 10,000 vehicles'));
  await call(page, 'showNotification', news('n-2', 'Routes in the portal'));
  const stack = page.getByRole(...ui.regionNamed('Benachrichtigungen', true));
  await expect(stack).toBeVisible();
  await expect(stack.getByRole(...ui.buttonNamed('Weiter', true))).toBeVisible();
  await expect(stack.getByRole(...ui.buttonNamed('Benachrichtigungen schließen', true))).toBeVisible();
  expect(await direction(page, lang.notifications, 'region')).toBe('ltr');

  // the integrator's texts are drawn at once, over the pack's
  await call(page, 'setLanguageStrings', 'de', { next: 'Nächste Meldung', feedback: 'Hilfe' });
  await expect(stack.getByRole(...ui.buttonNamed('Nächste Meldung', true))).toBeVisible();
  await expect(page.getByRole(...ui.buttonNamed('Hilfe öffnen', true))).toBeVisible();

  // a language with no pack falls back to English, and loads no pack
  await call(page, 'setLanguage', 'nl');
  await expect(page.getByRole(...ui.buttonNamed('Open Feedback', true))).toBeVisible();
  await expect(page.getByRole(...ui.regionNamed('Notifications', true))).toBeVisible();
  await expect(page.getByRole(...ui.buttonNamed('Next', true))).toBeVisible();
  expect(chunks).toEqual(['packs', 'de']);
});

test('the ESM build: a language set before initialize (hi-IN) loads its pack as the widget mounts', async ({
  page,
}) => {
  const { chunks, configLangs } = await open(page, lang.esmPage);
  await expect(page.getByRole(...ui.buttonNamed('फ़ीडबैक खोलें', true))).toBeVisible();
  await expect(page.locator(lang.widget)).toHaveAttribute('dir', 'ltr');
  expect(chunks).toEqual(['packs', 'hi']);
  // the wire keeps the language as set, lower-cased, as gleap sends it
  expect(configLangs).toEqual(['hi-in']);
  await call(page, 'showNotification', news('n-1', 'Live map for 10,000 vehicles'));
  await call(page, 'showNotification', news('n-2', 'Routes in the portal'));
  const stack = page.getByRole(...ui.regionNamed('सूचनाएँ', true));
  await expect(stack.getByRole(...ui.buttonNamed('आगे', true))).toBeVisible();
  await expect(stack.getByRole(...ui.buttonNamed('सूचनाएँ बंद करें', true))).toBeVisible();
});
