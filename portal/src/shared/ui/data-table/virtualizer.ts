import type { Virtualizer, VirtualizerOptions } from '@tanstack/virtual-core';
import { useEffect, useLayoutEffect, useReducer, useState } from 'react';
import { flushSync } from 'react-dom';

type VirtualCore = typeof import('@tanstack/virtual-core');
let core: VirtualCore | undefined;
let loading: Promise<VirtualCore> | undefined;

/**
 * Loads TanStack Virtual's core (~9 KB gz): when a long page (100, 500 or 1,000 rows per page: the user's pick; lists
 * open at 25) is first asked for, not with every list route (decision 0043). Only the core loads late: a late chunk
 * that imported React too (as @tanstack/react-virtual does) made the build move React out of the chunk the initial
 * page shares with Mantine, and the initial JS grew. One load for the app; a failed load is tried again next time.
 */
function loadVirtualCore(): Promise<VirtualCore> {
  loading ??= import('@tanstack/virtual-core').then(
    (module) => {
      core = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Whether the virtualiser's core is loaded: starts loading it once `wanted` (a long page chosen, before its rows
 * arrive) and renders again when it is there. A failed load is thrown to the error boundary, as a failed lazy chunk is.
 */
export function useVirtualCore(wanted: boolean): boolean {
  const [, setLoaded] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (wanted && !core)
      loadVirtualCore().then(
        () => setLoaded(true),
        (error: unknown) => setFailure({ error }),
      );
  }, [wanted]);
  if (failure) throw failure.error;
  return core !== undefined;
}

export type ElementVirtualizerOptions = Pick<
  VirtualizerOptions<HTMLDivElement, Element>,
  'count' | 'getScrollElement' | 'estimateSize' | 'overscan'
>;

/**
 * `useVirtualizer` of @tanstack/react-virtual (its React adapter) for a scrolling element, as far as the data table
 * uses it: nothing is measured (rows have a fixed height) and no position is written to the DOM directly. As the
 * adapter does by default, a scroll renders its new range in the same task (`flushSync`). Only for a component
 * rendered once `useVirtualCore` says the core is loaded.
 */
export function useElementVirtualizer(options: ElementVirtualizerOptions): Virtualizer<HTMLDivElement, Element> {
  const loaded = core;
  if (!loaded) throw new Error('useElementVirtualizer: the virtualiser is not loaded yet (useVirtualCore)');
  const rerender = useReducer((n: number) => n + 1, 0)[1];
  const resolved: VirtualizerOptions<HTMLDivElement, Element> = {
    observeElementRect: loaded.observeElementRect,
    observeElementOffset: loaded.observeElementOffset,
    scrollToFn: loaded.elementScroll,
    ...options,
    onChange: (_instance, sync) => (sync ? flushSync(rerender) : rerender()),
  };
  const [instance] = useState(() => new loaded.Virtualizer(resolved));
  instance.setOptions(resolved);
  useLayoutEffect(() => instance._didMount(), [instance]);
  useLayoutEffect(() => instance._willUpdate());
  return instance;
}
