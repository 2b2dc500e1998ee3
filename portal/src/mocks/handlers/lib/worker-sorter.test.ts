import { afterEach, describe, expect, test, vi } from 'vitest';
import { type SortColumn, sortColumn } from './sorted-index';
import type { SortRequest, SortResponse } from './worker-sorter';
import { createWorkerSorter } from './worker-sorter';

/** A stand-in for the browser's Worker that runs sort-worker.ts in this thread, messages cloned as the browser does. */
class InThreadWorker {
  onmessage: ((event: MessageEvent<SortResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private handle: ((event: { data: SortRequest }) => void) | null = null;

  async load() {
    const scope = {
      onmessage: null as ((event: { data: SortRequest }) => void) | null,
      postMessage: (message: SortResponse) =>
        queueMicrotask(() => this.onmessage?.({ data: structuredClone(message) } as MessageEvent<SortResponse>)),
    };
    vi.stubGlobal('self', scope);
    vi.resetModules();
    await import('./sort-worker');
    this.handle = scope.onmessage;
  }

  postMessage(message: SortRequest) {
    const data = structuredClone(message);
    void this.ready.then(() => this.handle?.({ data }));
  }

  terminate() {}

  readonly ready = this.load();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createWorkerSorter', () => {
  test('is null where there are no workers, so callers sort on the spot', () => {
    vi.stubGlobal('Worker', undefined);
    expect(createWorkerSorter()).toBeNull();
  });

  test('sorts text columns in the worker like sortColumn does here', async () => {
    vi.stubGlobal('Worker', InThreadWorker);
    const sorter = createWorkerSorter();
    const texts = ['ka05ab0001', 'KA01ZZ0009', 'ka05ab0001', 'ka12cd0100', 'Mixed 10', 'mixed 9'];
    const column = (): SortColumn => ({
      positions: Int32Array.from([0, 2, 3, 5, 8, 9]),
      numbers: null,
      texts,
      mixed: false,
    });
    const order = await sorter?.(column());
    expect(Array.from(order ?? [])).toEqual(Array.from(sortColumn(column())));
    expect(Array.from(order ?? [])).toEqual([2, 0, 3, 5, 9, 8]);
  });

  test('sorts number columns in the worker, ties in row order', async () => {
    vi.stubGlobal('Worker', InThreadWorker);
    const sorter = createWorkerSorter();
    const order = await sorter?.({
      positions: Int32Array.from([1, 4, 6, 7]),
      numbers: Float64Array.from([30, 10, 30, -2]),
      texts: null,
      mixed: false,
    });
    expect(Array.from(order ?? [])).toEqual([7, 4, 1, 6]);
  });
});
