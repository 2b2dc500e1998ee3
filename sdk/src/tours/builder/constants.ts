/** The admin builder's constants (spec §2, §6, §7, §8, §9; wire facts), pinned by `constants.test.ts`. */

/** Where the builder lives when the integrator sets none (`Gleap.setBuilderUrl`): gleap's builder origin. */
export const BUILDER_URL = 'https://app.gleap.io';
/** The builder frame's page below the builder URL: the tooltip builder for `load` config `type: 'tooltips'`. */
export const TOUR_BUILDER_PATH = 'producttourbuilder';
export const TOOLTIP_BUILDER_PATH = 'tooltipbuilder';
/** The `type` beside `{name, data}`: messages with the opener, and with the builder frame. */
export const OPENER_TYPE = 'admin';
export const FRAME_TYPE = 'tourbuilder';
/** The host page's global that turns the builder off (wire fact). */
export const DISABLED_FLAG = 'gleapAdminDisabled';
/** The page URL is compared this often; a change is reported as `page-changed`. */
export const PAGE_POLL_MS = 1000;
/** Frame height per status: 65 px while navigating or picking, the full viewport in the editor, nothing while loading. */
export const ADMIN_FRAME_HEIGHT_PX = 65;
export const FRAME_HEIGHTS = {
  navigate: `${ADMIN_FRAME_HEIGHT_PX}px`,
  picker: `${ADMIN_FRAME_HEIGHT_PX}px`,
  editor: '100vh',
  loading: '0px',
} as const;
/** Console message of §8 when no selector can be made for a picked element. */
export const SELECTOR_ERROR = 'Error while getting unique selector';
/** Outline colours: the element under the mouse while picking, and the element the builder asks to highlight. */
export const PICK_COLOR = '#2142E7';
export const HIGHLIGHT_COLOR = '#E03131';
/** English texts of the admin builder (its section of `WidgetStrings`, `core/i18n.ts`). */
export const BUILDER_TEXTS = {
  showBuilder: 'Show the builder',
  hideBuilder: 'Hide the builder',
  tooltipBuilder: 'Tooltip builder',
  tourBuilder: 'Product tour builder',
};
