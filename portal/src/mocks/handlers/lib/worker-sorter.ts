import type { ColumnSorter, SortColumn } from './sorted-index';

/** A column as sent to the sort worker: texts joined into one string when they allow it (one copy, not 100,000). */
export interface SortRequest {
  id: number;
  positions: Int32Array;
  numbers: Float64Array | null;
  joinedTexts: string | null;
  texts: string[] | null;
  mixed: boolean;
}

export interface SortResponse {
  id: number;
  order: Int32Array | null;
  error: string | null;
}

/**
 * A `ColumnSorter` backed by one module worker (started on first use), or null where there are no workers (Node,
 * jsdom): callers then sort on the spot. Sorts are answered in the order they were asked.
 */
export function createWorkerSorter(): ColumnSorter | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (order: Int32Array) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    worker?.terminate();
    worker = null;
  };
  const start = () => {
    const w = new Worker(new URL('./sort-worker.ts', import.meta.url), { type: 'module', name: 'demo-sort' });
    w.onmessage = ({ data }: MessageEvent<SortResponse>) => {
      const waiting = pending.get(data.id);
      if (!waiting) return;
      pending.delete(data.id);
      if (data.order) waiting.resolve(data.order);
      else waiting.reject(new Error(data.error ?? 'sort failed'));
    };
    w.onerror = (event) => failAll(new Error(event.message || 'sort worker error'));
    return w;
  };
  return (column: SortColumn) =>
    new Promise<Int32Array>((resolve, reject) => {
      try {
        worker ??= start();
        const id = nextId;
        nextId += 1;
        pending.set(id, { resolve, reject });
        const texts = column.texts;
        const joinable = texts !== null && !texts.some((t) => t.includes('\0'));
        const request: SortRequest = {
          id,
          positions: column.positions,
          numbers: column.numbers,
          joinedTexts: joinable ? texts.join('\0') : null,
          texts: joinable ? null : texts,
          mixed: column.mixed,
        };
        const transfer: Transferable[] = [column.positions.buffer];
        if (column.numbers) transfer.push(column.numbers.buffer);
        worker.postMessage(request, transfer);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
}
