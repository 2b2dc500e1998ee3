import { core, h, returnFocus } from './panel';

export { use } from './panel';

/**
 * The offline bug form (issue 17 item 6, decision 0105): when the messenger frame cannot load (its origin is down or the
 * visitor is offline), opening the widget shows a minimal bug form in the widget's own shadow root instead: description
 * and e-mail, checked here, sent like the messenger's form (`send-feedback` -> report -> outbox), so the report waits
 * in the outbox until the network is back. The core preloads this chunk in idle time after initialize, so it is in the
 * module cache when the network is gone.
 */

/** The messenger frame counts as unable to load when it has not answered (`ping`) this long after the widget opened. */
export const FRAME_LOAD_TIMEOUT_MS = 5000;

/**
 * The form's English texts (its section of `WidgetStrings`, `core/i18n.ts`). Keys the messenger also has
 * (`feedbackBugTitle`, `description`, ...) take the server's `flowConfig.staticTranslations` as the messenger does
 * (flat, or nested by language); `offlineNotice` and `offlineSaved` are this form's own keys there.
 */
export const OFFLINE_TEXTS = {
  feedbackBugTitle: 'Report a bug',
  offlineNotice: 'You are offline; we will send this when you are back.',
  description: 'Description',
  email: 'E-mail',
  send: 'Send',
  close: 'Close',
  descriptionRequired: 'Please describe what happened.',
  emailInvalid: 'Enter a valid e-mail address, like name@example.com.',
  offlineSaved: 'Thank you! Your report is saved; we will send it as soon as the network is back.',
};
type TextKey = keyof typeof OFFLINE_TEXTS;

/**
 * The text of `key`: the server's translation nested under the visitor's language, else the one in force
 * (`core.localize`: the integrator's, the server's flat one, the language pack's), else English.
 */
export function t(key: TextKey): string {
  const all = (core.getFlowConfig?.().staticTranslations ?? {}) as Record<string, unknown>;
  const lang = (core.settings?.language || navigator.language || 'en').toLowerCase();
  for (const source of [all[lang], all[lang.split(/[-_]/)[0] ?? lang]]) {
    const text = source && typeof source === 'object' ? (source as Record<string, unknown>)[key] : undefined;
    if (typeof text === 'string' && text) return text;
  }
  return core.localize?.(OFFLINE_TEXTS)[key] ?? OFFLINE_TEXTS[key];
}
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const CSS = `.offline{position:fixed;z-index:2147483601;bottom:90px;right:20px;width:min(360px,calc(100vw - 40px));box-sizing:border-box;padding:20px;border-radius:16px;background:#fff;color:#111827;font:14px/1.45 system-ui,sans-serif;box-shadow:0 5px 40px rgba(0,0,0,.16)}
.offline h2{margin:0 0 6px;font-size:17px}.offline p{margin:0 0 12px}
.offline label{display:block;margin:10px 0 4px;font-weight:600}
.offline textarea,.offline input{display:block;width:100%;box-sizing:border-box;padding:8px 10px;border:1px solid #9ca3af;border-radius:8px;font:inherit;color:inherit;background:#fff}
.offline textarea{min-height:90px;resize:vertical}
.offline [aria-invalid=true]{border-color:#b91c1c}
.offline .error{margin:4px 0 0;color:#b91c1c}
.offline .actions{display:flex;justify-content:flex-end;gap:8px;margin-top:14px}
.offline button{padding:8px 16px;border-radius:8px;border:1px solid #485bff;background:#485bff;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.offline button.secondary{background:#fff;color:#1f2f99}
.offline button:focus-visible,.offline textarea:focus-visible,.offline input:focus-visible{outline:3px solid #1f2f99;outline-offset:2px}`;

export interface OfflineValues {
  description: string;
  email: string;
}

/** Description required, e-mail optional but well-formed: the messages to show, by field (empty when valid). */
export function validateOffline(values: OfflineValues): Partial<Record<keyof OfflineValues, string>> {
  const errors: Partial<Record<keyof OfflineValues, string>> = {};
  if (!values.description.trim()) errors.description = t('descriptionRequired');
  const email = values.email.trim();
  if (email && !EMAIL.test(email)) errors.email = t('emailInvalid');
  return errors;
}

/** The `send-feedback` the messenger's bug form would send for these values. */
export function offlineFeedback(values: OfflineValues) {
  return {
    formData: { description: values.description.trim(), reportedBy: values.email.trim() },
    action: { feedbackType: 'BUG' },
  };
}

let form: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let offOpen: (() => void) | undefined;
/** Gives focus back to where it was when the form showed (the launcher, mostly). */
let giveBack: (() => void) | undefined;
/** The shadow root that has the form's stylesheet (a new one after destroy and initialize). */
let styledRoot: ShadowRoot | null = null;

/**
 * The widget was asked to open and the frame is not ready: show the form now when the browser is offline, else when the
 * frame has not answered within `FRAME_LOAD_TIMEOUT_MS`. Called again (the launcher pressed once more) while the form
 * shows, it closes the form.
 */
export function watch(): void {
  // a form of before a destroy went with the widget's shadow root
  if (form && !form.isConnected) removeForm();
  if (form) {
    closeOfflineForm();
    return;
  }
  clearTimeout(timer);
  const check = () => {
    if (core.ui.wantOpen && !core.ui.open) showOfflineForm();
  };
  if (navigator.onLine === false) check();
  else timer = setTimeout(check, FRAME_LOAD_TIMEOUT_MS);
}

function removeForm(): void {
  clearTimeout(timer);
  offOpen?.();
  offOpen = undefined;
  form?.remove();
  form = null;
  giveBack?.();
  giveBack = undefined;
}

/** Close the form; the widget no longer wants to open. */
export function closeOfflineForm(): void {
  removeForm();
  core.ui.wantOpen = false;
}

function field(
  root: HTMLElement,
  name: keyof OfflineValues,
  control: HTMLInputElement | HTMLTextAreaElement,
): { control: typeof control; error: HTMLElement } {
  const id = `gl-offline-${name}`;
  control.id = id;
  control.name = name;
  control.setAttribute('aria-describedby', `${id}-error`);
  const error = h('p', { className: 'error', id: `${id}-error` });
  root.append(h('label', { htmlFor: id }, {}, t(name)), control, error);
  return { control, error };
}

/** Show the form in the widget's shadow root (once). */
export function showOfflineForm(): void {
  if (form) return;
  const root = core.getShadowRoot();
  if (styledRoot !== root) {
    core.addShadowStyles(CSS);
    styledRoot = root;
  }
  form = h(
    'form',
    { className: 'offline', noValidate: true },
    { role: 'dialog', 'aria-labelledby': 'gl-offline-title' },
  );
  const status = h('p', {}, { role: 'status' }, t('offlineNotice'));
  form.append(h('h2', { id: 'gl-offline-title' }, {}, t('feedbackBugTitle')), status);
  const description = field(form, 'description', h('textarea'));
  const email = field(form, 'email', h('input', { type: 'email', autocomplete: 'email' }));
  const close = h('button', { type: 'button', className: 'secondary' }, {}, t('close'));
  const send = h('button', { type: 'submit' }, {}, t('send'));
  form.append(h('div', { className: 'actions' }, {}, close, send));
  close.addEventListener('click', closeOfflineForm);
  form.addEventListener('keydown', (e) => e.key === 'Escape' && closeOfflineForm());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const values = { description: description.control.value, email: email.control.value };
    const errors = validateOffline(values);
    for (const [name, f] of [
      ['description', description],
      ['email', email],
    ] as const) {
      f.error.textContent = errors[name] ?? '';
      f.control.setAttribute('aria-invalid', String(!!errors[name]));
    }
    const first = errors.description ? description : errors.email ? email : null;
    if (first) {
      first.control.focus();
      return;
    }
    void core.sendFeedbackFromFrame(offlineFeedback(values));
    form?.replaceChildren(
      h('h2', { id: 'gl-offline-title' }, {}, t('feedbackBugTitle')),
      h('p', {}, { role: 'status' }, t('offlineSaved')),
      h('div', { className: 'actions' }, {}, close),
    );
    close.focus();
  });
  // the frame loaded after all: the messenger takes over
  offOpen = core.on('open', removeForm);
  giveBack = returnFocus();
  root.appendChild(form);
  description.control.focus();
}
