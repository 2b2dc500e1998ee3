import { expect, test } from 'vitest';
import { DEFAULT_FLOW_CONFIG } from '../core/constants';
import type { FlowConfig } from '../core/config';
import { frameCss } from './frame-styles';
import { contrastColor, widgetCss } from './styles';

// the stylesheet once the frame's rules are loaded (`ui/frame-styles.ts`, with the frame)
const css = widgetCss({ ...DEFAULT_FLOW_CONFIG } as FlowConfig, frameCss);

test('until the frame rules are loaded the frame container is not displayed; then they replace that rule', () => {
  const core = widgetCss({ ...DEFAULT_FLOW_CONFIG } as FlowConfig);
  expect(core).toMatch(/\.frame\{display:none\}$/);
  expect(core).not.toContain('position:fixed;z-index:2147483601');
  expect(css).not.toContain('.frame{display:none}');
  expect(css.startsWith(core.replace('.frame{display:none}', ''))).toBe(true);
  expect(css).toMatch(/\.frame\{position:fixed;z-index:2147483601;/);
});

test('the frame container is at most 410 px wide, 690 px in extended mode and 640 px in survey_full', () => {
  expect(css).toMatch(/\.frame\{[^}]*max-width:410px/);
  expect(css).toMatch(/\.frame\.extended\{max-width:690px/);
  expect(css).toMatch(/\.frame\.survey_full\{max-width:640px/);
});

test('the inner height is at most 700 px', () => {
  expect(css).toMatch(/\.frame\{[^}]*max-height:700px/);
});

test('the layout is full screen at 450 px or less', () => {
  expect(css).toContain('@media (max-width:450px){.frame');
});

test('offsets and radius come from the config', () => {
  const custom = widgetCss(
    { ...DEFAULT_FLOW_CONFIG, buttonX: 33, buttonY: 44, borderRadius: 7 } as FlowConfig,
    frameCss,
  );
  expect(custom).toContain('bottom:44px;right:33px');
  expect(custom).toContain('border-radius:7px');
});

test('the host theme wins through custom properties, with the config as the fallback', () => {
  const themed = widgetCss({ ...DEFAULT_FLOW_CONFIG, buttonColor: '#112233', borderRadius: 7 } as FlowConfig, frameCss);
  expect(themed).toContain('background:var(--voltline-button-color,#112233)');
  expect(themed).toContain('color:var(--voltline-button-text-color,#fff)');
  expect(themed).toContain('border-radius:var(--voltline-radius,7px)');
  expect(themed).toContain('background:var(--voltline-background,#FFFFFF)');
  expect(themed).toContain('outline:3px solid var(--voltline-color,#485BFF)');
  expect(themed).toContain('font-family:var(--voltline-font,system-ui');
});

test('the focus ring is visible on the launcher', () => {
  expect(css).toContain('.btn:focus-visible{outline:3px solid');
});

test('text on a colour is dark above brightness 160 and light at 160 or below', () => {
  expect(contrastColor('#FFFFFF')).toBe('#000');
  expect(contrastColor('#485BFF')).toBe('#fff');
  expect(contrastColor('#a1a1a1')).toBe('#000');
  expect(contrastColor('#a0a0a0')).toBe('#fff');
});

test('colours that are not plain CSS colours never reach the stylesheet', () => {
  const evil = widgetCss({ ...DEFAULT_FLOW_CONFIG, buttonColor: 'red;}:host{visibility:collapse' } as FlowConfig);
  expect(evil).not.toContain('collapse');
  expect(evil).toContain('background:var(--voltline-button-color,#485BFF)');
  expect(widgetCss({ ...DEFAULT_FLOW_CONFIG, buttonColor: 'rgba(10, 20, 30, 0.5)' } as FlowConfig)).toContain(
    'rgba(10, 20, 30, 0.5)',
  );
});
