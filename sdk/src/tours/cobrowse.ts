import { core, isSafeUrl } from '../engage/core';
import { plain } from '../engage/sanitize';
import {
  AFTER_TYPING_MS,
  AFTER_VOICE_MS,
  AUTOPLAY_CHECK_MS,
  COBROWSE_FINAL_MS,
  COBROWSE_START_DELAY_MS,
  NO_MESSAGE,
  READING_EXTRA_MS,
  SILENT_WAV,
  TOUR_TEXTS,
  TYPE_CHAR_MS,
  WORDS_PER_SECOND,
} from './constants';
import { createCobrowseView } from './cobrowse-view';
import { waitForElement } from './element';
import type { TourData, TourStep } from './types';

/**
 * The co-browse tours chunk: the other mode of the product tour data (`tourType: 'cobrowse'`), where the widget drives
 * the page itself while an assistant's pointer explains each step. The tours chunk (`tours.ts`) loads it after the
 * tour was validated and hands it the run; the run's end (events, stored tour) stays there.
 */

/** What the tours chunk does for a co-browse run. */
export interface CobrowseHooks {
  /** The tour moved on to step `index`: store the remaining steps (a CLICK may leave the page). */
  store(index: number): void;
  /** The tour ended: completed, or not (dismissed, Escape, an element that never came). Runs once. */
  end(completed: boolean): void;
}

/** Reading time of a bubble without voice: words / 3.6 seconds, rounded up, plus one second. */
export function readingMs(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.ceil(words / WORDS_PER_SECOND) * 1000 + READING_EXTRA_MS;
}

/**
 * Whether the browser lets audio autoplay on this page: a silent sound is played. A blocked one is refused at once; a
 * browser whose audio output is slow to start (2 s on a busy machine) is waited for, up to `AUTOPLAY_CHECK_MS`, so a
 * promise that never settles cannot hold the tour.
 */
export async function canAutoplay(): Promise<boolean> {
  try {
    const audio = new Audio(SILENT_WAV);
    const started = audio.play();
    if (!started) return false;
    const ok = await Promise.race([
      started.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), AUTOPLAY_CHECK_MS)),
    ]);
    audio.pause();
    return ok;
  } catch {
    return false;
  }
}

/**
 * Set an input's value so that the page's framework sees it: through the prototype's setter (a React-controlled input
 * ignores a plain assignment), then an `input` event. A contenteditable element gets text.
 */
function typeInto(field: Element, value: string): void {
  if ('value' in field) {
    const proto = Object.getPrototypeOf(field);
    const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
    if (setter) setter.call(field, value);
    else (field as HTMLInputElement).value = value;
  } else field.textContent = value;
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

const fieldValue = (field: Element) => String('value' in field ? (field as HTMLInputElement).value : field.textContent);

/** Run a co-browse tour; the returned function stops it (no event: the tours chunk reports the end). */
export function cobrowse(tour: { id: string; data: TourData; steps: TourStep[] }, hooks: CobrowseHooks): () => void {
  const { id, data, steps } = tour;
  let stopped = false;
  /** Counts steps, so that timers, voices and listeners of an earlier step do nothing. */
  let gen = 0;
  let muted = false;
  let audio: HTMLAudioElement | null = null;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const stepOff: (() => void)[] = [];
  const globalOff: (() => void)[] = [];

  const view = createCobrowseView(data, {
    toggleMute: () => setMuted(!muted),
    dismiss: () => finish(false),
  });
  view.setMuted(muted);

  function later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!stopped) fn();
    }, ms);
    timers.add(t);
  }

  function listen(target: EventTarget, type: string, fn: (e: Event) => void, capture = false): void {
    target.addEventListener(type, fn, capture);
    stepOff.push(() => target.removeEventListener(type, fn, capture));
  }

  function setMuted(m: boolean): void {
    muted = m;
    if (audio) audio.muted = m;
    view.setMuted(m);
  }

  function clearStep(): void {
    for (const off of stepOff.splice(0)) off();
    audio?.pause();
    audio = null;
    view.awaitTyping(false);
  }

  function stop(): void {
    if (stopped) return;
    stopped = true;
    for (const t of timers) clearTimeout(t);
    timers.clear();
    clearStep();
    for (const off of globalOff) off();
    view.destroy();
  }

  const finish = (completed: boolean) => {
    if (stopped) return;
    stop();
    hooks.end(completed);
  };

  /** Step `i + 1`, stored first, so a page left now resumes there. */
  function advance(i: number): void {
    if (i + 1 < steps.length) hooks.store(i + 1);
    show(i + 1);
  }

  /** Wait for the step's element, point at it, narrate, then act (type, click) and move on. */
  function show(i: number): void {
    if (stopped) return;
    clearStep();
    const g = ++gen;
    if (i >= steps.length) {
      later(COBROWSE_FINAL_MS, () => finish(true));
      return;
    }
    const step = steps[i]!;
    const current = () => !stopped && gen === g;
    void waitForElement(step.selector, current).then((target) => {
      if (!current()) return;
      if (!target && typeof step.selector === 'string' && step.selector.trim()) {
        core.addLog?.(`Voltline widget: co-browse tour ${id} ended, element ${step.selector} not found`, 'WARNING');
        finish(false);
        return;
      }
      const message = plain(step.message) || NO_MESSAGE;
      view.point(target, message);
      narrate(step, message, () => {
        if (current()) act(i, step, target);
      });
    });
  }

  /** The voice of the step then one second, or the reading time when there is no voice or it cannot play. */
  function narrate(step: TourStep, message: string, done: () => void): void {
    const read = () => later(readingMs(message), done);
    const url = data.playVoice !== false && typeof step.voice === 'string' ? step.voice.trim() : '';
    if (!url || !isSafeUrl(url)) {
      read();
      return;
    }
    const voice = new Audio(url);
    voice.muted = muted;
    audio = voice;
    voice.addEventListener('ended', () => later(AFTER_VOICE_MS, done), { once: true });
    Promise.resolve()
      .then(() => voice.play())
      .catch(() => {
        if (audio !== voice) return;
        audio = null;
        read();
      });
  }

  function act(i: number, step: TourStep, target: Element | null): void {
    if (step.mode === 'INPUT' && target) {
      (target as HTMLElement).focus?.();
      if (!step.inputType || step.inputType === 'default') {
        // the visitor types: Next (or Enter) once something non-empty is there
        view.awaitTyping(true);
        const ok = () => fieldValue(target).trim().length > 0;
        const next = () => {
          if (ok()) advance(i);
        };
        const check = () => {
          if (ok()) view.offerNext(text(data.nextText, core.localize(TOUR_TEXTS).next), next);
        };
        listen(target, 'input', check);
        listen(target, 'keyup', check);
        listen(target, 'keydown', (e) => {
          if ((e as KeyboardEvent).key === 'Enter') next();
        });
        check();
        return;
      }
      const value = typeof step.inputValue === 'string' ? step.inputValue : '';
      let typed = 0;
      const tick = () => {
        if (typed < value.length) {
          typeInto(target, fieldValue(target) + value[typed++]);
          later(TYPE_CHAR_MS, tick);
        } else later(AFTER_TYPING_MS, () => advance(i));
      };
      tick();
      return;
    }
    if (step.mode === 'CLICK' && target) {
      // stored before the click: a link that leaves the page resumes at the next step
      if (i + 1 < steps.length) hooks.store(i + 1);
      view.ripple(target);
      if (target instanceof HTMLElement) target.click();
      else target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
      show(i + 1);
      return;
    }
    advance(i);
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    finish(false);
  };
  let frame = 0;
  const onMove = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      view.layout();
    });
  };
  addEventListener('keydown', onKey, true);
  addEventListener('scroll', onMove, { capture: true, passive: true });
  addEventListener('resize', onMove, { passive: true });
  globalOff.push(
    () => removeEventListener('keydown', onKey, true),
    () => removeEventListener('scroll', onMove, { capture: true }),
    () => removeEventListener('resize', onMove),
    () => cancelAnimationFrame(frame),
  );

  void canAutoplay().then((ok) => {
    if (stopped) return;
    setMuted(!ok);
    later(COBROWSE_START_DELAY_MS, () => show(0));
  });
  return stop;
}

const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v : fallback);
