/** The business constants of product tours (spec §3, §8, §9; wire facts), pinned by `constants.test.ts`. */

/** localStorage key of the unfinished tour, `{tourData, tourId}` with the steps cut to the remaining ones (wire fact). */
export const TOUR_KEY = 'gleap-tour-data';
/** The stage around the highlighted element: padding and corner radius in px, overlay opacity, animation. */
export const STAGE_PADDING = 10;
export const STAGE_RADIUS = 5;
export const OVERLAY_OPACITY = 0.7;
export const STAGE_ANIMATION_MS = 400;
/** Gap between the stage and the popover, in px. */
export const POPOVER_OFFSET = 10;
/** A step's element is looked for this long, every `ELEMENT_POLL_MS`. */
export const ELEMENT_WAIT_MS = 5000;
export const ELEMENT_POLL_MS = 100;
/** Default button texts (the tour's nextText, prevText, doneText replace them). */
export const NEXT_TEXT = 'Next';
export const PREV_TEXT = 'Previous';
export const DONE_TEXT = 'Done';
/** Console messages of §8. */
export const NO_STEPS = 'No steps to drive through';
export const NOT_LIVE = 'Product tour is not live. Cleaning up...';
export const NO_PATH = 'No path element found in stage svg';
