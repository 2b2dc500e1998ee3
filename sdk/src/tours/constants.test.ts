import { expect, test } from 'vitest';
import * as c from './constants';

test('the tour constants of spec §9 and the wire', () => {
  expect(c.TOUR_KEY).toBe('gleap-tour-data');
  // ours (gleap keeps only a timer); the core reads it by this name to load the tours chunk on a reload
  expect(c.TOUR_START_KEY).toBe('gleap-tour-start');
  expect(c.TOUR_START_STALE_MS).toBe(3_600_000);
  expect([c.STAGE_PADDING, c.STAGE_RADIUS, c.OVERLAY_OPACITY, c.STAGE_ANIMATION_MS, c.POPOVER_OFFSET]).toEqual([
    10, 5, 0.7, 400, 10,
  ]);
  expect([c.ELEMENT_WAIT_MS, c.ELEMENT_POLL_MS]).toEqual([5000, 100]);
  expect([c.TOUR_TEXTS.next, c.TOUR_TEXTS.previous, c.TOUR_TEXTS.done]).toEqual(['Next', 'Previous', 'Done']);
  expect([c.NO_STEPS, c.NOT_LIVE, c.NO_PATH]).toEqual([
    'No steps to drive through',
    'Product tour is not live. Cleaning up...',
    'No path element found in stage svg',
  ]);
});

test('the co-browse constants of spec §4 and §9', () => {
  expect(c.COBROWSE_START_DELAY_MS).toBe(1500);
  expect([c.WORDS_PER_SECOND, c.READING_EXTRA_MS, c.AFTER_VOICE_MS]).toEqual([3.6, 1000, 1000]);
  expect([c.TYPE_CHAR_MS, c.AFTER_TYPING_MS]).toEqual([100, 1200]);
  expect([c.RIPPLE_MS, c.COBROWSE_FINAL_MS, c.POINTER_WIDTH, c.COBROWSE_FADE_MS]).toEqual([800, 500, 350, 800]);
  expect(c.NO_MESSAGE).toBe('🤔');
  expect(c.AUTOPLAY_CHECK_MS).toBe(5000);
  expect(c.SILENT_WAV).toMatch(/^data:audio\/wav;base64,UklGR/);
});
