import { afterEach, expect, test, vi } from 'vitest';
import { DEFAULT_FLOW_CONFIG } from '../core/constants';
import type { FlowConfig } from '../core/config';
import { buttonClasses, removeButton, renderButton } from './button';
import { removeShadowHost } from './host';

const config = (patch: Partial<FlowConfig> = {}) => ({ ...DEFAULT_FLOW_CONFIG, ...patch }) as FlowConfig;
const state = { open: false, unread: 0, hiddenByHost: false, isGuest: true, surveyLook: false };

afterEach(() => {
  removeButton();
  removeShadowHost();
});

test.each([
  ['BOTTOM_RIGHT', 'btn modern'],
  ['BOTTOM_LEFT', 'btn modern left'],
  ['BUTTON_CLASSIC', 'btn classic'],
  ['BUTTON_CLASSIC_LEFT', 'btn classic left'],
  ['BUTTON_CLASSIC_BOTTOM', 'btn classic bottom'],
  ['BUTTON_NONE', null],
])('placement %s renders as %s', (position, classes) => {
  expect(buttonClasses(position)).toBe(classes);
});

test('the launcher is a button with an accessible name that toggles', () => {
  const onClick = vi.fn();
  const el = renderButton(config(), state, onClick)!;
  expect(el.tagName).toBe('BUTTON');
  expect(el.type).toBe('button');
  // voltline-widget::part(button) reaches it from the host page's stylesheet
  expect(el.getAttribute('part')).toBe('button');
  expect(el.getAttribute('aria-label')).toBe('Open Feedback');
  el.click();
  expect(onClick).toHaveBeenCalledOnce();
  renderButton(config(), { ...state, open: true }, onClick);
  expect(el.classList.contains('open')).toBe(true);
  expect(el.getAttribute('aria-expanded')).toBe('true');
  expect(el.getAttribute('aria-label')).toBe('Close feedback');
});

test('it shows the logo when one is configured, else the default icon', () => {
  const el = renderButton(config({ buttonLogo: 'https://cdn.test/logo.png' }), state, () => {})!;
  expect(el.querySelector('img')!.getAttribute('src')).toBe('https://cdn.test/logo.png');
  renderButton(config(), state, () => {});
  expect(el.querySelector('svg')).not.toBeNull();
});

test('classic buttons show the configured text', () => {
  const el = renderButton(
    config({ feedbackButtonPosition: 'BUTTON_CLASSIC', widgetButtonText: 'Report <b>' }),
    state,
    () => {},
  )!;
  expect(el.textContent).toBe('Report <b>');
});

test('the unread bubble shows the count while closed', () => {
  const el = renderButton(config(), { ...state, unread: 3 }, () => {})!;
  expect(el.querySelector('.bubble')!.textContent).toBe('3');
  renderButton(config(), { ...state, unread: 3, open: true }, () => {});
  expect(el.querySelector('.bubble')).toBeNull();
});

test('hideForGuests hides it for guests but not for identified users', () => {
  const el = renderButton(config({ hideForGuests: true }), state, () => {})!;
  expect(el.hidden).toBe(true);
  renderButton(config({ hideForGuests: true }), { ...state, isGuest: false }, () => {});
  expect(el.hidden).toBe(false);
});

test('survey modes give it the survey look', () => {
  const el = renderButton(config(), { ...state, surveyLook: true }, () => {})!;
  expect(el.classList.contains('survey')).toBe(true);
});
