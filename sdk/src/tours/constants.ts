/** The business constants of product tours (spec §3, §8, §9; wire facts), pinned by `constants.test.ts`. */

/** localStorage key of the unfinished tour, `{tourData, tourId}` with the steps cut to the remaining ones (wire fact). */
export const TOUR_KEY = 'gleap-tour-data';
/**
 * localStorage key of a `gleap_tour` start waiting for its delay (§3: the stored tour id and delay), `{tourId,
 * tourDelay, storedAt}`: a reload before the delay is over starts the tour when it would have started. Ours: gleap
 * keeps only a timer.
 */
export const TOUR_START_KEY = 'gleap-tour-start';
/** A waiting start this long past its time is dropped instead of surprising a visitor who comes back later. */
export const TOUR_START_STALE_MS = 60 * 60 * 1000;
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
/**
 * English texts of a tour (its section of `WidgetStrings`, `core/i18n.ts`); the tour's own nextText, prevText and
 * doneText replace the buttons'.
 */
export const TOUR_TEXTS = {
  next: 'Next',
  previous: 'Previous',
  done: 'Done',
  stepOf: '{0} of {1}',
  tour: 'Product tour',
  tourStep: 'Product tour, step {0} of {1}',
  closeTour: 'Close tour',
  mute: 'Mute',
  unmute: 'Unmute',
  muteVideo: 'Mute video',
  unmuteVideo: 'Unmute video',
};
/** Console messages of §8. */
export const NO_STEPS = 'No steps to drive through';
export const NOT_LIVE = 'Product tour is not live. Cleaning up...';
export const NO_PATH = 'No path element found in stage svg';

/** Co-browse tours (spec §4, §9): the other tour mode of the same data, driven by the widget itself. */
/** Wait after audio autoplay detection before the first step. */
export const COBROWSE_START_DELAY_MS = 1500;
/** Reading time without voice: one second per `WORDS_PER_SECOND` words (rounded up), plus `READING_EXTRA_MS`. */
export const WORDS_PER_SECOND = 3.6;
export const READING_EXTRA_MS = 1000;
/** Wait after a step's voice has ended. */
export const AFTER_VOICE_MS = 1000;
/** INPUT steps of another input type type their value, one character every `TYPE_CHAR_MS`, then wait `AFTER_TYPING_MS`. */
export const TYPE_CHAR_MS = 100;
export const AFTER_TYPING_MS = 1200;
/** CLICK steps: the ripple shown where the element is clicked. */
export const RIPPLE_MS = 800;
/** After the last step, the tour completes this much later. */
export const COBROWSE_FINAL_MS = 500;
/** The pointer's bubble is at most this wide (less on narrow screens: the viewport minus 40). */
export const POINTER_WIDTH = 350;
/** The co-browse surface fades out this long when the tour ends (cleanup fade). */
export const COBROWSE_FADE_MS = 800;
/** Shown in the bubble of a step without a message. */
export const NO_MESSAGE = '🤔';
/** Ours: how long the autoplay check waits for the silent sound to start before it counts as blocked. */
export const AUTOPLAY_CHECK_MS = 5000;
/** A silent WAV: if it may play, the browser lets voices autoplay; if not, the tour starts muted. */
export const SILENT_WAV = 'data:audio/wav;base64,UklGRigAAABXQVZFZm10IBAAAAABAAEARKwAABCxAgAEABAAZGF0YQAAAAA=';

/** A text with `{0}`, `{1}` filled in. */
export const fill = (text: string, ...args: unknown[]) => text.replace(/\{(\d)\}/g, (_, i) => String(args[+i]));
