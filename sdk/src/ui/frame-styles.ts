import type { StyleValues } from './styles';

// The layout widths of spec §9 (pinned by core/constants.test.ts): here, not in `core/constants.ts`, because only this
// lazy module uses them and an import of the core's constants would share that module with the core (notes 0111).
export const MOBILE_BREAKPOINT_PX = 450;
export const CONTAINER_WIDTH_PX = 410;
export const EXTENDED_WIDTH_PX = 690;
export const INNER_HEIGHT_PX = 700;
export const SURVEY_FULL_WIDTH_PX = 640;

/**
 * The messenger frame container's rules, a lazy module of their own (`core/widget-ui.ts` loads it when it first creates
 * the frame): a page where the visitor never opens the widget does not load them with the core. `widgetCss` appends
 * them to the shadow root's stylesheet; until then the container is not displayed.
 */
export const frameCss = ({ x, y, r, backgroundColor, headerColor }: StyleValues): string =>
  `.frame{position:fixed;z-index:2147483601;bottom:${`calc(${y} + 70px)`};right:${x};width:calc(100vw - 40px);max-width:${CONTAINER_WIDTH_PX}px;height:calc(100vh - 120px);max-height:${INNER_HEIGHT_PX}px;border-radius:var(--voltline-radius,${r});overflow:hidden;background:var(--voltline-background,${backgroundColor});box-shadow:0 5px 40px rgba(0,0,0,.16);opacity:0;visibility:hidden;transform:translateY(12px)}
.frame.open{opacity:1;visibility:visible;transform:none}
.frame.animate{transition:opacity .3s,transform .3s}
.frame.loading{background:${backgroundColor} linear-gradient(${headerColor},${headerColor}) top/100% 160px no-repeat}
.frame.left{right:auto;left:${x}}
.frame.extended{max-width:${EXTENDED_WIDTH_PX}px}
.frame.survey,.frame.survey_web{height:auto}
.frame.survey_full{max-width:${SURVEY_FULL_WIDTH_PX}px;left:50%;right:auto;top:50%;bottom:auto;transform:translate(-50%,-50%)}
.frame iframe{width:100%;height:100%;border:0;display:block}
.frame[dir=rtl]{direction:rtl}
@media (max-width:${MOBILE_BREAKPOINT_PX}px){.frame,.frame.extended,.frame.survey_full{inset:0;width:100vw;max-width:none;height:100%;max-height:none;border-radius:0;transform:none}}`;
