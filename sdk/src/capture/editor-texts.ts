import { core } from './core';

/**
 * English texts of the capture editor: its section of the widget's string table (`WidgetStrings`, `core/i18n.ts`).
 * The swatches are named by their colour (`red` ... `grey`, in the order of `SWATCHES`).
 */
export const EDITOR_TEXTS = {
  toolbar: 'Capture tools',
  move: 'Move toolbar',
  pointer: 'Pointer: use the page',
  rectangle: 'Rectangle',
  pen: 'Pen',
  blur: 'Blur: hide sensitive content',
  color: 'Colour',
  undo: 'Undo',
  next: 'Next',
  dismiss: 'Dismiss',
  startRecording: 'Start recording',
  stopRecording: 'Stop recording',
  micOn: 'Microphone on',
  micOff: 'Microphone off',
  micUnavailable: 'Microphone unavailable',
  timeLeft: 'Time left',
  browserNotSupported: 'Screen recording is not supported by this browser.',
  permissionDenied:
    'Access to screen sharing was denied. Allow screen sharing for this site in your browser settings and try again.',
  recordingFailed: 'The recording could not be made. Please try again.',
  closeAlert: 'Close message',
  previewTitle: 'Your screen recording',
  retry: 'Retry',
  hintScreenshot: 'Mark what matters or black out what is private, then press Next.',
  hintCaptureIdle: 'Start recording, then show us what happened.',
  hintRecording: 'Recording. Draw on the page to point things out.',
  red: 'Red',
  orange: 'Orange',
  yellow: 'Yellow',
  purple: 'Purple',
  green: 'Green',
  blue: 'Blue',
  grey: 'Grey',
} as const;

/** The texts in force while the editor shows: the language's (`localizeEditor`, as it opens), else English. */
export const T: Record<keyof typeof EDITOR_TEXTS, string> = { ...EDITOR_TEXTS };

export function localizeEditor(): void {
  Object.assign(T, core.localize?.(EDITOR_TEXTS));
}

/** The swatches' names, in the order of `SWATCHES`. */
export const SWATCH_NAMES = ['red', 'orange', 'yellow', 'purple', 'green', 'blue', 'grey'] as const;
