import { BUTTON_POSITIONS } from '../core/constants';
import type { FlowConfig } from '../core/config';
import { CORE_TEXTS, localize } from '../core/i18n';
import { getShadowRoot } from './host';

export interface ButtonState {
  open: boolean;
  unread: number;
  hiddenByHost: boolean;
  isGuest: boolean;
  surveyLook: boolean;
}

const ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';
const CLOSE_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7 2.9 18.3 9.2 12 2.9 5.7 4.3 4.3l6.3 6.3 6.3-6.3z"/></svg>';

let el: HTMLButtonElement | null = null;

/** Classes of the button for a placement; null when the placement has no button. */
export function buttonClasses(position: string): string | null {
  switch (position) {
    case BUTTON_POSITIONS.none:
      return null;
    case BUTTON_POSITIONS.bottomLeft:
      return 'btn modern left';
    case BUTTON_POSITIONS.classic:
      return 'btn classic';
    case BUTTON_POSITIONS.classicLeft:
      return 'btn classic left';
    case BUTTON_POSITIONS.classicBottom:
      return 'btn classic bottom';
    default:
      return 'btn modern';
  }
}

/** Render or update the launcher: a real `<button>` with an accessible name, logo or default icon and unread bubble. */
export function renderButton(config: FlowConfig, state: ButtonState, onClick: () => void): HTMLButtonElement | null {
  const classes = buttonClasses(config.feedbackButtonPosition);
  const hidden = !classes || state.hiddenByHost || (!!config.hideForGuests && state.isGuest);
  if (!classes) {
    removeButton();
    return null;
  }
  if (!el?.isConnected) {
    el = document.createElement('button');
    el.type = 'button';
    el.setAttribute('part', 'button');
    el.addEventListener('click', onClick);
    getShadowRoot().appendChild(el);
  }
  const classic = classes.includes('classic');
  el.className = `${classes}${state.open ? ' open' : ''}${state.surveyLook ? ' survey' : ''}`;
  el.hidden = hidden;
  el.setAttribute('aria-expanded', String(state.open));
  const T = localize(CORE_TEXTS);
  const label = config.widgetButtonText || T.feedback;
  el.setAttribute('aria-label', state.open ? T.closeWidget : T.openWidget.replace('{0}', label));
  let inner: string;
  if (classic) inner = `<span>${escapeHtml(label)}</span>`;
  else if (state.open) inner = CLOSE_ICON;
  else if (config.buttonLogo) inner = `<img src="${escapeHtml(config.buttonLogo)}" alt="">`;
  else inner = ICON;
  if (state.unread > 0 && !state.open)
    inner += `<span class="bubble" aria-label="${escapeHtml(T.unread.replace('{0}', String(state.unread)))}">${state.unread > 9 ? '9+' : state.unread}</span>`;
  el.innerHTML = inner;
  return el;
}

/** Give focus back to the launcher (after the frame closes). */
export function focusButton(): void {
  if (el && !el.hidden) el.focus();
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function removeButton(): void {
  el?.remove();
  el = null;
}
