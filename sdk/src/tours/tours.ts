import { core } from '../engage/core';
import { NOT_LIVE, NO_STEPS, TOUR_KEY, TOUR_START_KEY, TOUR_START_STALE_MS } from './constants';
import { waitForElement } from './element';
import type { TourData, TourStep } from './types';
import { type TourView, createView } from './view';

/**
 * The product tours chunk. The core loads it (`core/engage-port.ts`) when a tour starts: `startProductTour`,
 * `startProductTourWithConfig`, a tour action of the socket, a `gleap_tour` link or parameter, the messenger's
 * `start-product-tour`, or an unfinished tour stored by an earlier page. One tour runs at a time.
 */

interface Run {
  id: string;
  data: TourData;
  steps: TourStep[];
  index: number;
  view?: TourView;
  /** Counts step changes, so that a late element lookup of an earlier step does nothing. */
  gen: number;
  ended: boolean;
  /** Listeners of the step on screen (CLICK, INPUT), removed when the step changes. */
  stepOff: (() => void)[];
  off: (() => void)[];
}

let run: Run | null = null;

/** Whether a tour is running (or being validated). */
export const isRunning = () => !!run;

const isInteractive = (s: TourStep) => s.mode === 'CLICK' || s.mode === 'INPUT';

/**
 * INPUT steps: the default input type continues once something non-empty is typed; another type continues when the
 * typed value equals the step's `inputValue` (any value when the step has none).
 */
export function inputAccepted(step: TourStep, value: string): boolean {
  const v = value.trim();
  if (!step.inputType || step.inputType === 'default') return v.length > 0;
  return typeof step.inputValue === 'string' && step.inputValue.trim() ? v === step.inputValue.trim() : true;
}

function read<T>(key: string): Partial<T> | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // storage blocked
  }
}

/** The unfinished tour, steps cut to the remaining ones. */
function store(r: Run): void {
  if (r.ended) return;
  try {
    localStorage.setItem(
      TOUR_KEY,
      JSON.stringify({ tourData: { ...r.data, steps: r.steps.slice(r.index) }, tourId: r.id }),
    );
  } catch {
    // storage blocked or full: the tour still runs, it just cannot resume on the next page
  }
}

const clearStored = () => remove(TOUR_KEY);

/** Ends the run once: cleanup, stored tour cleared, `productTourCompleted` or `productTourQuit` with the tour id. */
function end(r: Run, completed: boolean): void {
  if (r.ended) return;
  r.ended = true;
  for (const off of [...r.stepOff.splice(0), ...r.off.splice(0)]) off();
  r.view?.destroy();
  clearStored();
  if (run === r) run = null;
  const data = { tourId: r.id };
  const outcome = completed ? 'completed' : 'quit';
  core.emit(completed ? 'productTourCompleted' : 'productTourQuit', data);
  core.trackEvent(`tour-${r.id}-${outcome}`, data);
}

function listen(r: Run, target: EventTarget, type: string, fn: (e: Event) => void, capture = false): void {
  target.addEventListener(type, fn, capture);
  r.stepOff.push(() => target.removeEventListener(type, fn, capture));
}

/** Show step `i` once its element is there; past the last step the tour is completed. */
async function go(r: Run, i: number): Promise<void> {
  if (r.ended || !r.view) return;
  if (i >= r.steps.length) return end(r, true);
  for (const off of r.stepOff.splice(0)) off();
  r.index = i;
  store(r);
  const gen = ++r.gen;
  const step = r.steps[i]!;
  const view = r.view;
  const target = await waitForElement(
    step.selector,
    () => !r.ended && r.gen === gen,
    () => view.waiting(),
  );
  if (r.ended || r.gen !== gen) return;
  // a CLICK or INPUT step cannot be done without its element; other steps explain from the centre of the screen
  if (!target && isInteractive(step)) return end(r, false);
  const input = step.mode === 'INPUT' && target ? (target as HTMLInputElement) : null;
  const ok = () => inputAccepted(step, String(input?.value ?? ''));
  if (input) {
    listen(r, input, 'input', () => view.setCanContinue(ok()));
    listen(r, input, 'keydown', (e) => {
      if ((e as KeyboardEvent).key === 'Enter' && ok()) void go(r, i + 1);
    });
  }
  if (step.mode === 'CLICK' && target) {
    // capture: the step advances (and the stored tour moves on) before the page's own handler navigates away
    listen(
      r,
      document,
      'click',
      (e) => {
        if (e.composedPath().includes(target)) void go(r, i + 1);
      },
      true,
    );
  }
  view.show({
    target,
    step,
    index: i,
    total: r.steps.length,
    interactive: isInteractive(step) && !!target,
    canContinue: input ? ok() : true,
  });
}

function begin(r: Run): void {
  if (!r.steps.length) {
    console.error(NO_STEPS);
    end(r, false);
    return;
  }
  if (r.data.tourType === 'cobrowse') {
    // the other mode of the same tour data, in a chunk of its own that only co-browse tours load; it is stored as it
    // moves on (a CLICK may leave the page) but, unlike a product tour, not on unload
    import('./cobrowse')
      .then((m) => {
        if (r.ended) return;
        r.off.push(
          m.cobrowse(r, {
            store: (i) => {
              r.index = i;
              store(r);
            },
            end: (completed) => end(r, completed),
          }),
        );
      })
      .catch(() => end(r, false));
    return;
  }
  r.view = createView(r.data, {
    next: () => {
      const step = r.steps[r.index];
      if (step?.mode === 'CLICK') return;
      void go(r, r.index + 1);
    },
    prev: () => {
      if (r.index > 0) void go(r, r.index - 1);
    },
    quit: () => end(r, false),
    lost: () => void go(r, r.index),
  });
  const unload = () => store(r);
  for (const type of ['pagehide', 'beforeunload']) {
    addEventListener(type, unload);
    r.off.push(() => removeEventListener(type, unload));
  }
  void go(r, 0);
}

async function isLive(tourId: string): Promise<boolean> {
  try {
    if (!core.isSessionReady()) throw new Error('Session not ready yet.');
    const answer = await core.api<{ status?: string }>('POST', '/outbound/producttourvalidation', {
      outboundId: tourId,
    });
    return answer?.status === 'live';
  } catch {
    return false;
  }
}

/**
 * Start a tour with its data, after the server says it is live; otherwise it is cleaned up as quit (with the console
 * message of §8). Ignored while another tour runs.
 */
export function startProductTourWithConfig(tourId: unknown, config: unknown): void {
  if (run || typeof tourId !== 'string' || !tourId) return;
  const data = (config && typeof config === 'object' ? config : {}) as TourData;
  const steps = Array.isArray(data.steps) ? data.steps.filter((s) => !!s && typeof s === 'object') : [];
  const r: Run = { id: tourId, data, steps, index: 0, gen: 0, ended: false, stepOff: [], off: [] };
  run = r;
  void isLive(tourId).then((live) => {
    if (r.ended) return;
    if (live) return begin(r);
    console.log(NOT_LIVE);
    end(r, false);
  });
}

/**
 * Start a tour by id: its data is the `config` of the `POST /outbound/producttours` answer (spec §7); a failure, or an
 * answer without a config, is swallowed (spec §8).
 */
export function startProductTour(tourId: unknown): void {
  if (run || typeof tourId !== 'string' || !tourId || !core.isSessionReady()) return;
  core
    .api<{ config?: unknown }>('POST', '/outbound/producttours', { outboundId: tourId })
    .then((answer) => {
      if (answer?.config) startProductTourWithConfig(tourId, answer.config);
    })
    .catch(() => {});
}

/** A tour action of the socket or `performActions`: the outbound id is the tour id, the data its config. */
export function runAction(action: unknown): void {
  const a = (action ?? {}) as { outbound?: unknown; data?: unknown };
  startProductTourWithConfig(a.outbound, a.data);
}

/** A `gleap_tour` start waiting for its delay, as stored (`TOUR_START_KEY`). */
interface PendingStart {
  tourId: string;
  /** Seconds after `storedAt`. */
  tourDelay: number;
  storedAt: number;
}

/** The stored start, when it is well-formed and not stale. */
function readPending(): PendingStart | null {
  const p = read<PendingStart>(TOUR_START_KEY);
  if (!p || typeof p.tourId !== 'string' || !p.tourId) return null;
  if (typeof p.tourDelay !== 'number' || typeof p.storedAt !== 'number') return null;
  return p.storedAt + p.tourDelay * 1000 + TOUR_START_STALE_MS > Date.now() ? (p as PendingStart) : null;
}

/** Start the stored tour when its delay is over, unless another page or tab started it first. */
function schedulePending(): void {
  const p = readPending();
  if (!p) {
    remove(TOUR_START_KEY);
    return;
  }
  setTimeout(
    () => {
      const now = readPending();
      if (now?.tourId !== p.tourId || now.storedAt !== p.storedAt) return;
      remove(TOUR_START_KEY);
      startProductTour(p.tourId);
    },
    Math.max(0, p.storedAt + p.tourDelay * 1000 - Date.now()),
  );
}

/**
 * `gleap_tour` with `gleap_tour_delay`: the tour id and delay are stored (§3) and the tour starts `tourDelay` seconds
 * after they were first stored, on this page or, after a reload, on the next one. The same tour id again (a reload that
 * keeps the query) keeps the time of the first.
 */
export function startLater(tourId: string, tourDelay: number): void {
  if (readPending()?.tourId !== tourId) {
    try {
      localStorage.setItem(TOUR_START_KEY, JSON.stringify({ tourId, tourDelay, storedAt: Date.now() }));
    } catch {
      // storage blocked: a timer still starts the tour on this page
      setTimeout(() => startProductTour(tourId), tourDelay * 1000);
      return;
    }
  }
  schedulePending();
}

/**
 * On load: resume the unfinished tour an earlier page stored (validated again: a tour switched off since does not
 * resume), and schedule a `gleap_tour` start an earlier page stored.
 */
export function resume(): void {
  const saved = read<{ tourId: unknown; tourData: unknown }>(TOUR_KEY);
  if (saved && typeof saved.tourId === 'string' && saved.tourData && typeof saved.tourData === 'object')
    startProductTourWithConfig(saved.tourId, saved.tourData);
  else clearStored();
  schedulePending();
}

/** Stop a running tour as quit (destroy). */
export function stop(): void {
  if (run) end(run, false);
}

export { use } from '../engage/core';
